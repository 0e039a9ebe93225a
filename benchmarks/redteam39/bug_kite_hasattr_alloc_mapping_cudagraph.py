"""CUDA-graph friendly decode backend with a static SWA index buffer."""

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
        self.has_swa_mapping = hasattr(self.allocator, "full_to_swa_index_mapping")
        self.init_cuda_graph_state(model_runner.max_running_requests)

    def init_cuda_graph_state(self, max_bs: int):
        self.graph = GraphBuffers(
            out_cache_loc=torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        )
        if self.has_swa_mapping:
            self.graph.swa_out_cache_loc = torch.zeros_like(self.graph.out_cache_loc)

    def _fill(self, loc: torch.Tensor) -> torch.Tensor:
        n = loc.shape[0]
        self.graph.out_cache_loc[:n].copy_(loc)
        if self.graph.swa_out_cache_loc is None:
            return self.graph.out_cache_loc[:n]
        mapping = self.allocator.full_to_swa_index_mapping
        self.graph.swa_out_cache_loc[:n].copy_(mapping[loc])
        return self.graph.swa_out_cache_loc[:n]

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._fill(loc).clone()
