"""CUDA-graph capable decode backend whose page-table buffers are sized from the allocator."""

import logging
from dataclasses import dataclass
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class GraphDecodeMetadata:
    page_table: torch.Tensor
    cache_seqlens: torch.Tensor
    window_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator

        # Upper bounds for the captured page tables: the hybrid allocator tracks the full and
        # window capacities separately, the plain one has a single size.
        full_tokens = getattr(alloc, "size_full", alloc.size)
        window_tokens = getattr(alloc, "size_swa", full_tokens)
        self.max_num_pages = -(-full_tokens // self.page_size)
        self.max_window_pages = -(-window_tokens // self.page_size)
        self.has_window_layers = isinstance(self.pool, SWAKVPool)

        self.graph_metadata: Dict[int, GraphDecodeMetadata] = {}
        logger.info(
            "graph page tables: %d full pages, %d window pages",
            self.max_num_pages,
            self.max_window_pages,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_page_table = torch.zeros(
            max_bs, self.max_num_pages, dtype=torch.int32, device=self.device
        )
        self.cuda_graph_seqlens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self.cuda_graph_window_page_table = (
            torch.zeros(max_bs, self.max_window_pages, dtype=torch.int32, device=self.device)
            if self.has_window_layers
            else None
        )

    def init_forward_metadata_capture_cuda_graph(self, bs: int):
        window = self.cuda_graph_window_page_table
        self.graph_metadata[bs] = GraphDecodeMetadata(
            page_table=self.cuda_graph_page_table[:bs],
            cache_seqlens=self.cuda_graph_seqlens[:bs],
            window_page_table=None if window is None else window[:bs],
        )

    def forward_decode(self, loc):
        if self.has_window_layers:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
