"""CUDA-graph decode backend whose window buffers are sized from the allocator."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class GraphState:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Window capacity bounds how many window slots a graph can ever touch.
        self.swa_capacity = getattr(allocator, "size_swa", allocator.size)
        self.full_capacity = allocator.size
        self.serves_window_layers = hasattr(self.kv_pool, "translate_loc_from_full_to_swa")
        self.graph_state: Optional[GraphState] = None

    def init_cuda_graph_state(self, max_bs: int):
        state = GraphState(torch.zeros(max_bs, dtype=torch.int64, device=self.device))
        if self.serves_window_layers:
            n = min(max_bs, self.swa_capacity)
            state.swa_cache_loc = torch.zeros(n, dtype=torch.int64, device=self.device)
        self.graph_state = state

    def forward_decode(self, loc):
        n = loc.numel()
        if self.graph_state is None:
            self.init_cuda_graph_state(max(n, 8))
        if self.serves_window_layers:
            buf = self.graph_state.swa_cache_loc
            buf[:n].copy_(self.kv_pool.translate_loc_from_full_to_swa(loc))
            return self.kv_pool, buf[:n].clone()
        return self.kv_pool, loc
