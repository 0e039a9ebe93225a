"""Shared helper that returns the windowed cache together with its token capacity."""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def windowed_cache_and_capacity(model_runner) -> Tuple[Optional[SWAKVPool], int]:
    allocator = model_runner.token_to_kv_pool_allocator
    capacity = min(
        getattr(allocator, "size_swa", allocator.size),
        getattr(allocator, "size_full", allocator.size),
    )
    pool = model_runner.token_to_kv_pool
    return (pool if isinstance(pool, SWAKVPool) else None), int(capacity)


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_splits: int = 4):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_cache, self.window_capacity = windowed_cache_and_capacity(model_runner)
        self.kv_splits = max(1, min(kv_splits, self.window_capacity // 16))
        self.split_lse = torch.empty((1, self.kv_splits), dtype=torch.float32)

    def forward_decode(self, loc: torch.Tensor):
        cache, capacity = self.swa_cache, self.window_capacity
        if cache is not None and capacity > 0:
            return cache, cache.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
