"""Paged hybrid attention backend with staged initialisation.

``_init_kv_pool`` picks the pool the kernels read; ``_init_page_bookkeeping``
sizes the page tables from the token allocator, which is shared with any
speculative draft.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_reqs: int = 32, max_pages_per_req: int = 64):
        self.device = model_runner.device
        self.max_reqs = max_reqs
        self.max_pages_per_req = max_pages_per_req
        self._init_kv_pool(model_runner)
        self._init_page_bookkeeping(model_runner)
        self._init_page_table()

    def _init_kv_pool(self, model_runner) -> None:
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def _init_page_bookkeeping(self, model_runner) -> None:
        allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        self.total_pages = allocator.size // max(1, self.page_size)
        self.swa_pages = getattr(allocator, "size_swa", allocator.size) // max(1, self.page_size)
        logger.info(
            "pages: full=%d swa=%d (page_size=%d)", self.total_pages, self.swa_pages, self.page_size
        )

    def _init_page_table(self) -> None:
        self.page_table = torch.zeros(
            self.max_reqs, self.max_pages_per_req, dtype=torch.int32, device=self.device
        )

    def _fill_page_table(self, loc: torch.Tensor) -> None:
        n = min(loc.numel(), self.max_reqs)
        self.page_table[:n, 0] = (loc[:n] // self.page_size).to(torch.int32)

    def forward_decode(self, loc: torch.Tensor):
        self._fill_page_table(loc)
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
