"""Paged decode backend for hybrid-window models.

The sliding-window pool is resolved lazily and cached; allocator statistics are
collected into a small dataclass that ``get_stats()`` returns to the caller.
"""

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class BackendStats:
    allocator: str
    pool: str
    swa_window_tokens: int
    swa_free_tokens: int
    full_free_tokens: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.page_size = model_runner.page_size

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        pool = self._runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        runner = self._runner
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def get_stats(self) -> BackendStats:
        alloc = self._runner.token_to_kv_pool_allocator
        hybrid = isinstance(alloc, SWATokenToKVPoolAllocator)
        return BackendStats(
            allocator=type(alloc).__name__,
            pool=type(self._runner.token_to_kv_pool).__name__,
            swa_window_tokens=alloc.size_swa if hybrid else 0,
            swa_free_tokens=alloc.swa_available_size() if hybrid else 0,
            full_free_tokens=alloc.full_available_size() if hybrid else alloc.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_kv_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self._runner.token_to_kv_pool, loc
