"""Decode backend choosing its index mode from a table of known allocators."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)

_INDEX_MODE_BY_ALLOCATOR = {
    "TokenToKVPoolAllocator": "full",
    "PagedTokenToKVPoolAllocator": "full",
    "SWATokenToKVPoolAllocator": "swa",
    "PureSWATokenToKVPoolAllocator": "swa",
}


@dataclass
class GraphState:
    max_bs: int
    out_cache_loc: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        name = type(self.allocator).__name__
        self.index_mode = _INDEX_MODE_BY_ALLOCATOR.get(name, "full")
        if name not in _INDEX_MODE_BY_ALLOCATOR:
            logger.warning("unknown allocator %s, assuming full attention", name)
        max_bs = model_runner.max_running_requests
        self.graph_state = GraphState(
            max_bs=max_bs,
            out_cache_loc=torch.zeros(max_bs, dtype=torch.int64, device=model_runner.device),
        )

    def init_forward_metadata_capture_cuda_graph(self, bs, out_cache_loc):
        self.graph_state.out_cache_loc[:bs].copy_(self._indices(out_cache_loc))

    def _indices(self, loc):
        if self.index_mode == "swa":
            return self.allocator.full_to_swa_index_mapping[loc]
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._indices(loc)
