"""TRTLLM MHA-style cuda-graph state: ``_alloc_swa_page_table`` returns no table unless the
backend resolved a sliding-window pool; the table's width comes from the allocator's pages."""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        pool = self.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        max_num_pages = self.token_to_kv_pool_allocator.size // self.page_size
        self.init_cuda_graph_state(model_runner.max_running_requests, max_num_pages)

    def _alloc_swa_page_table(self, max_bs: int, max_num_pages: int) -> Optional[torch.Tensor]:
        if self._swa_kv_pool is None:
            return None
        return torch.zeros((max_bs, max_num_pages), dtype=torch.int64)

    def init_cuda_graph_state(self, max_bs: int, max_num_pages: int) -> None:
        self.decode_cuda_graph_metadata = {
            "page_table": torch.zeros((max_bs, max_num_pages), dtype=torch.int64),
            "swa_page_table": self._alloc_swa_page_table(max_bs, max_num_pages),
        }

    def forward_decode(self, loc):
        swa_page_table = self.decode_cuda_graph_metadata["swa_page_table"]
        if swa_page_table is None:
            return self.token_to_kv_pool, loc
        row = swa_page_table[0, : loc.numel()]
        row.copy_(self._swa_kv_pool.translate_loc_from_full_to_swa(loc))
        return self._swa_kv_pool, row
