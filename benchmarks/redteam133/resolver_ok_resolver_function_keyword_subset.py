"""Shared helpers for hybrid SWA decode backends.

``resolve_swa_pool`` is shared by the target backend and the speculative backends. It is
given only the pieces of runner state it needs, as keyword arguments.
"""

from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(
    *,
    kv_pool: Any,
    allocator: Any,
    is_draft_worker: bool = False,
    spec_algorithm: Any = None,
) -> Optional[SWAKVPool]:
    """Return the SWA pool this runner reads, or ``None`` for full-attention caches."""
    if isinstance(kv_pool, SWAKVPool):
        return kv_pool
    frozen_kv = spec_algorithm is not None and spec_algorithm.is_frozen_kv_mtp()
    if is_draft_worker and not frozen_kv:
        return None
    registered = allocator.get_kvcache() if allocator is not None else None
    return registered if isinstance(registered, SWAKVPool) else None


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
            kv_pool=kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            is_draft_worker=model_runner.is_draft_worker,
            spec_algorithm=model_runner.spec_algorithm,
        )
        self.plan = DecodeWrapperPlan(kv_pool, swa_pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.plan.run(loc)
