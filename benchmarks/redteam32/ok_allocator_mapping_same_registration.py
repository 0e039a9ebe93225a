"""TRTLLM-style backend that feeds the allocator's raw mapping tensor to its fused page-table kernel."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        pool_mapping = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)
        alloc_mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        # The fused kernel gathers from the raw tensor. Use it only when it is the
        # very tensor our pool registered; a pool without its own mapping has no
        # SWA index space to translate into.
        self._swa_full_to_swa_mapping: Optional[torch.Tensor] = None
        if pool_mapping is not None and alloc_mapping is pool_mapping:
            self._swa_full_to_swa_mapping = alloc_mapping
        elif alloc_mapping is not None:
            logger.debug("allocator mapping not registered on this runner's pool")

    def init_cuda_graph_state(self, max_bs: int, max_num_pages: int):
        self.cuda_graph_page_table = torch.zeros(max_bs, max_num_pages, dtype=torch.int32)
        self.cuda_graph_swa_page_table = (
            torch.zeros(max_bs, max_num_pages, dtype=torch.int32)
            if self._swa_full_to_swa_mapping is not None
            else None
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def _build_swa_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        swa_loc = self._swa_full_to_swa_mapping[loc]
        return swa_loc // self.page_size if self.page_size > 1 else swa_loc

    def forward_decode(self, loc):
        if self._swa_full_to_swa_mapping is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._build_swa_page_table(loc)
