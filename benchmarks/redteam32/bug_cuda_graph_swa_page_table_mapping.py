"""Decode backend whose CUDA-graph state owns a static SWA page-table buffer."""

import logging
from dataclasses import dataclass
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class GraphMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = model_runner.req_to_token_pool.req_to_token.shape[1]
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Raw full->swa index mapping tensor for the fused cuda-graph metadata
        # kernel (gather + // page_size happen on device).
        self._full_to_swa_mapping: Optional[torch.Tensor] = getattr(
            model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None
        )
        self.decode_cuda_graph_metadata: Dict[int, GraphMetadata] = {}

    def init_cuda_graph_state(self, max_bs: int):
        max_num_pages = (self.max_context_len + self.page_size - 1) // self.page_size
        self.cuda_graph_page_table = torch.zeros(max_bs, max_num_pages, dtype=torch.int64)
        self.cuda_graph_swa_page_table = (
            torch.zeros(max_bs, max_num_pages, dtype=torch.int64)
            if self._full_to_swa_mapping is not None
            else None
        )

    def _fill_page_tables(self, bs: int, loc: torch.Tensor) -> GraphMetadata:
        page_table = self.cuda_graph_page_table[:bs, :1]
        page_table[:, 0] = loc // self.page_size
        swa_page_table = None
        if self.cuda_graph_swa_page_table is not None:
            swa_page_table = self.cuda_graph_swa_page_table[:bs, :1]
            swa_page_table[:, 0] = self._full_to_swa_mapping[loc] // self.page_size
        return GraphMetadata(page_table, swa_page_table)

    def forward_decode(self, loc):
        bs = loc.numel()
        self.init_cuda_graph_state(bs)
        md = self.decode_cuda_graph_metadata[bs] = self._fill_page_tables(bs, loc)
        table = md.swa_page_table if md.swa_page_table is not None else md.page_table
        return self.token_to_kv_pool, table[:, 0].clone()
