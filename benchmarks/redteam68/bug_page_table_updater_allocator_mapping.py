"""Sliding-window page-table updater for the decode path.

The updater is constructed with the token allocator, which owns the full->SWA index
mapping, and rewrites the page table for sliding-window layers every step.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class SWAPageTableUpdater:
    def __init__(self, allocator: BaseTokenToKVPoolAllocator, page_size: int = 1):
        self.allocator = allocator
        self.page_size = page_size
        self.swa_page_table: Optional[torch.Tensor] = None

    def _mapping(self) -> Optional[torch.Tensor]:
        return getattr(self.allocator, "full_to_swa_index_mapping", None)

    def update(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        mapping = self._mapping()
        if mapping is None:
            self.swa_page_table = None
            return None
        self.swa_page_table = mapping[loc].to(torch.int64)
        return self.swa_page_table


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, page_size: Optional[int] = None):
        super().__init__()
        self.page_size = page_size or model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.updater = SWAPageTableUpdater(
            model_runner.token_to_kv_pool_allocator, page_size=self.page_size
        )

    def forward_decode(self, loc: torch.Tensor):
        swa_table = self.updater.update(loc)
        if swa_table is None:
            return self.kv_pool, loc
        logger.debug("swa page table: %s", swa_table.tolist())
        return self.kv_pool, swa_table
