"""Shared helper for resolving the sliding-window KV pool of a runner.

Prefers the runner's own pool and falls back to the KV cache the allocator
was built with, so that runners created without their own hybrid pool still
see the sliding-window layers.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active

    allocator = model_runner.token_to_kv_pool_allocator
    candidate = allocator.get_kvcache()
    if not isinstance(candidate, SWAKVPool):
        return None
    return candidate


class GeneratedAttnBackend:
    """Decode backend that defers SWA pool lookup to ``get_swa_kv_pool``."""

    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.page_size = page_size or model_runner.page_size
        self.full_pool = model_runner.token_to_kv_pool
        self.swa_pool = get_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is None:
            return self.full_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
