"""CUDA-graph friendly decode backend with a static SWA index buffer on hybrid pools."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.has_swa_mapping = hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa")
        self.init_cuda_graph_state(model_runner.max_running_requests)

    def init_cuda_graph_state(self, max_bs: int):
        self.graph = GraphBuffers(
            out_cache_loc=torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        )
        if self.has_swa_mapping:
            self.graph.swa_out_cache_loc = torch.zeros_like(self.graph.out_cache_loc)
        logger.debug(
            "graph buffers for bs=%d (allocator page size %d)",
            max_bs,
            self.allocator.page_size,
        )

    def _fill(self, loc: torch.Tensor) -> torch.Tensor:
        n = loc.shape[0]
        self.graph.out_cache_loc[:n].copy_(loc)
        if self.graph.swa_out_cache_loc is None:
            return self.graph.out_cache_loc[:n]
        swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.graph.swa_out_cache_loc[:n].copy_(swa_loc)
        return self.graph.swa_out_cache_loc[:n]

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._fill(loc).clone()
