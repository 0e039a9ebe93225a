"""Decode backend that resolves its sliding-window pool and sizes page tables.

Pool resolution follows the runner's active cache first; draft workers that own a
separate cache keep it unless the speculative algorithm shares the target's KV.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 128):
        self.page_size = max(model_runner.page_size, 1)
        allocator = model_runner.token_to_kv_pool_allocator
        full_pages = getattr(allocator, "size_full", allocator.size) // self.page_size
        window_pages = getattr(allocator, "size_swa", allocator.size) // self.page_size
        self.page_budget = {"full": full_pages, "window": window_pages}
        self.max_pages = max(1, min(full_pages, window_pages) // max_bs)
        self.page_table = torch.zeros((max_bs, self.max_pages), dtype=torch.int32)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
