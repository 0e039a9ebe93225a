"""Hybrid sliding-window backend that also reports how many prefill tokens the next
chunk may take, bounded by both the full and the SWA free lists."""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _swa_pool_of(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def chunked_prefill_budget(allocator, chunk_size: int, page_size: int) -> int:
    """Largest page-aligned chunk the allocator can currently hold."""
    free = allocator.available_size()
    if hasattr(allocator, "full_available_size"):
        free = min(allocator.full_available_size(), allocator.swa_available_size())
    budget = min(chunk_size, free)
    return budget - budget % page_size


class GeneratedAttnBackend:
    """Decode on a full or hybrid cache; the prefill budget is advisory."""

    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.chunked_prefill_size = 8192
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _swa_pool_of(model_runner)

    def next_chunk_budget(self) -> int:
        return chunked_prefill_budget(self.allocator, self.chunked_prefill_size, self.page_size)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_pool, swa_loc
        return self.kv_pool, loc
