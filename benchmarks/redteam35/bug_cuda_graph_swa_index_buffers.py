"""CUDA-graph aware decode backend with preallocated SWA index buffers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_DEFAULT_MAX_BS = 160


@dataclass
class GraphBuffers:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = getattr(model_runner, "max_running_requests", None) or _DEFAULT_MAX_BS
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        # The two-level allocator keeps a separate window sub-allocator; its
        # presence tells us the model has window layers to feed.
        self.has_window_layers = hasattr(self.allocator, "swa_attn_allocator")
        self.graph_buffers: Optional[GraphBuffers] = None

    def init_cuda_graph_state(self, max_bs: int):
        cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        swa_cache_loc = (
            torch.zeros(max_bs, dtype=torch.int64, device=self.device)
            if self.has_window_layers
            else None
        )
        self.graph_buffers = GraphBuffers(cache_loc, swa_cache_loc)

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        mapping = self.allocator.full_to_swa_index_mapping
        return mapping[loc]

    def forward_decode(self, loc):
        if self.graph_buffers is None:
            self.init_cuda_graph_state(max(self.max_bs, loc.numel()))
        n = loc.numel()
        bufs = self.graph_buffers
        bufs.cache_loc[:n].copy_(loc)
        if self.has_window_layers:
            bufs.swa_cache_loc[:n].copy_(self._window_locations(loc))
            return self.kv_pool, bufs.swa_cache_loc[:n].clone()
        return self.kv_pool, bufs.cache_loc[:n].clone()
