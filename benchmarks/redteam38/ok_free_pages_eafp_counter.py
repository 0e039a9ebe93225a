"""Decode backend that tracks free KV pages per step for its preemption heuristic."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FreePages:
    full: int
    swa: Optional[int] = None

    def tightest(self) -> int:
        return self.full if self.swa is None else min(self.full, self.swa)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = max(model_runner.page_size, 1)
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.free_pages = self._count_free_pages()
        self.swa_pool: Optional[SWAKVPool] = self.pool if isinstance(self.pool, SWAKVPool) else None

    def _count_free_pages(self) -> FreePages:
        full = self.allocator.available_size() // self.page_size
        try:
            swa_tokens = self.allocator.swa_available_size()
        except AttributeError:
            return FreePages(full)
        return FreePages(full, swa_tokens // self.page_size)

    def should_preempt(self, pages_needed: int) -> bool:
        self.free_pages = self._count_free_pages()
        return self.free_pages.tightest() < pages_needed

    def _swa_locs(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.should_preempt(1):
            logger.warning("decode with no free pages: %s", self.free_pages)
        if self.swa_pool is not None:
            return self.swa_pool, self._swa_locs(loc)
        return self.pool, loc
