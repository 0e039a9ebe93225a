"""Paged sliding-window decode backend.

Converts full-pool token locations into page ids and in-page offsets for the kernel's
block table; page budgets come from the allocator, KV reads from the model's pool.
"""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def cdiv(a: int, b: int) -> int:
    return -(a // -b)


def split_pages(loc: torch.Tensor, page_size: int):
    return loc // page_size, loc % page_size


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(allocator, "page_size", 1) or 1
        self.num_full_pages = cdiv(allocator.size, self.page_size)
        self.num_swa_pages = cdiv(getattr(allocator, "size_swa", allocator.size), self.page_size)
        self.max_pages_per_req = min(self.num_full_pages, 1 << 16)

        pool = model_runner.token_to_kv_pool
        self.pool = pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None

        self.block_table = torch.zeros((8, self.max_pages_per_req), dtype=torch.int32)

    def _page_locations(self, loc: torch.Tensor) -> torch.Tensor:
        page_ids, offsets = split_pages(loc, self.page_size)
        return page_ids * self.page_size + offsets

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_pool, self._page_locations(swa_loc)
        return self.pool, self._page_locations(loc)
