"""Hybrid-attention decode backend built on a shared base that tracks SWA state.

The base class wires the allocator and KV pool and computes the default
sliding-window flag; the concrete backend adds cuda-graph buffers.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class _HybridBackendBase:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window = isinstance(self.allocator, SWATokenToKVPoolAllocator)

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window:
            return self._swa_locations(loc)
        return loc


class GeneratedAttnBackend(_HybridBackendBase):
    def __init__(self, model_runner, max_bs: int = 32):
        super().__init__(model_runner)
        self.cuda_graph_loc: Optional[torch.Tensor] = None
        self._init_cuda_graph_state(max_bs)
        logger.debug("sliding window=%s", self.use_sliding_window)

    def _init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_loc = torch.zeros(max_bs, dtype=torch.int64)
        if self.use_sliding_window:
            self.cuda_graph_swa_loc = torch.zeros(max_bs, dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        self.cuda_graph_loc[:n].copy_(loc)
        locations = self._decode_locations(self.cuda_graph_loc[:n])
        if self.use_sliding_window:
            self.cuda_graph_swa_loc[:n].copy_(locations)
            locations = self.cuda_graph_swa_loc[:n]
        return self.kv_pool, locations
