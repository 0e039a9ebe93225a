"""Page budget bookkeeping for paged hybrid-attention decode."""

from typing import NamedTuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator


class PageBudget(NamedTuple):
    full_pages: int
    swa_pages: int

    @classmethod
    def from_allocator(cls, allocator: BaseTokenToKVPoolAllocator, page_size: int):
        page_size = max(page_size, 1)
        full = getattr(allocator, "size_full", allocator.size) // page_size
        swa = getattr(allocator, "size_swa", 0) // page_size
        return cls(full_pages=int(full), swa_pages=int(swa))

    @property
    def windowed(self) -> bool:
        return 0 < self.swa_pages < self.full_pages


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_pages_per_req: int = 512):
        self.page_size = model_runner.page_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.budget = PageBudget.from_allocator(self.allocator, self.page_size)
        self.max_pages_per_req = min(max_pages_per_req, self.budget.full_pages)
        self.block_table = torch.full((1, self.max_pages_per_req), -1, dtype=torch.int32)

    def _page_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.budget.windowed:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        locations = self._page_locations(loc)
        return self.kv_pool, locations
