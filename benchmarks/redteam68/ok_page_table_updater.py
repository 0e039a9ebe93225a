"""Page-table maintenance for sliding-window decode.

``SWAPageTableUpdater`` keeps a per-step page table for the sliding-window layers,
indexing the pool's full->SWA mapping directly. The allocator is handed in by
keyword so the updater can report how many free slots remained after the step.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPageTableUpdater:
    def __init__(self, pool: KVCache, *, allocator: Optional[BaseTokenToKVPoolAllocator] = None):
        self.pool = pool
        self.allocator = allocator
        self.page_table: Optional[torch.Tensor] = None

    @property
    def active(self) -> bool:
        return isinstance(self.pool, SWAKVPool)

    def update(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.active:
            self.page_table = loc
        else:
            self.page_table = self.pool.full_to_swa_index_mapping[loc].to(torch.int64)
        if self.allocator is not None:
            logger.debug("page table updated, %d free kv slots", self.allocator.available_size())
        return self.page_table


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, track_capacity: bool = True):
        super().__init__()
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator if track_capacity else None
        self.page_table_updater = SWAPageTableUpdater(self.kv_pool, allocator=allocator)

    def forward_decode(self, loc: torch.Tensor):
        page_table = self.page_table_updater.update(loc)
        return self.kv_pool, page_table
