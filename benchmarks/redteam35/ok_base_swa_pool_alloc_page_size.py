"""Paged backend taking its page size from the allocator and window support from its pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(allocator, "page_size", model_runner.page_size)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[BaseSWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, BaseSWAKVPool) else None
        )
        self.page_table: Optional[torch.Tensor] = None

    def _build_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        if self.page_size == 1:
            return loc
        return loc // self.page_size

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int) -> None:
        pages = (max_bs + self.page_size - 1) // self.page_size
        self.cuda_graph_page_table = torch.zeros(pages, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.page_table = self._build_page_table(loc)
        return self.token_to_kv_pool, self.page_table
