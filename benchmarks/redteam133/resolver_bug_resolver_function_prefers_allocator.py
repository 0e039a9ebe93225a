"""Shared helpers for hybrid SWA decode backends.

``resolve_swa_pool`` is used by both the target backend and the speculative backends, and
receives the two KV handles as keyword arguments.
"""

from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(*, kv_pool: Any, allocator: Any) -> Optional[SWAKVPool]:
    """Return the SWA pool backing this runner, or ``None`` for full-attention models."""
    registered = allocator.get_kvcache() if allocator is not None else None
    if isinstance(registered, SWAKVPool):
        return registered
    if isinstance(kv_pool, SWAKVPool):
        return kv_pool
    return None


class DecodeWrapperPlan:
    def __init__(self, kv_pool, swa_pool: Optional[SWAKVPool]):
        self.kv_pool = kv_pool
        self.swa_pool = swa_pool

    def run(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        kv_pool = model_runner.token_to_kv_pool
        swa_pool = resolve_swa_pool(
            kv_pool=kv_pool, allocator=model_runner.token_to_kv_pool_allocator
        )
        self.plan = DecodeWrapperPlan(kv_pool, swa_pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.plan.run(loc)
