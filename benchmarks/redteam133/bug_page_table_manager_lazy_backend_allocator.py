"""Page-table manager that reads KV state from its owning backend on demand.

The manager keeps a back-reference to the backend rather than copying handles, so that a
backend re-initialised after a memory resize is picked up automatically.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class PageTableManager:
    def __init__(self, backend: "GeneratedAttnBackend"):
        self._backend = backend

    @property
    def kv_cache(self):
        return self._backend.allocator.get_kvcache()

    @property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        cache = self.kv_cache
        return cache if isinstance(cache, SWAKVPool) else None

    def decode_page_table(self, out_cache_loc: torch.Tensor):
        swa_pool = self.swa_kv_pool
        if swa_pool is None:
            return self._backend.token_to_kv_pool, out_cache_loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(out_cache_loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_table = PageTableManager(self)

    def forward_decode(self, loc: torch.Tensor):
        pool, page_table = self.page_table.decode_page_table(loc)
        logger.debug("decode page table: %d entries", page_table.numel())
        return pool, page_table
