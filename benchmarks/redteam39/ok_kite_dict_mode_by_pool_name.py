"""Decode backend choosing its index mode from a table of known KV pools."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)

_INDEX_MODE_BY_POOL = {
    "MHATokenToKVPool": "full",
    "MLATokenToKVPool": "full",
    "SWAKVPool": "swa",
}


@dataclass
class GraphState:
    max_bs: int
    out_cache_loc: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        name = type(self.token_to_kv_pool).__name__
        self.index_mode = _INDEX_MODE_BY_POOL.get(name, "full")
        logger.info(
            "pool %s -> %s mode; allocator %s, %d tokens free",
            name,
            self.index_mode,
            type(allocator).__name__,
            allocator.available_size(),
        )
        max_bs = model_runner.max_running_requests
        self.graph_state = GraphState(
            max_bs=max_bs,
            out_cache_loc=torch.zeros(max_bs, dtype=torch.int64, device=model_runner.device),
        )

    def init_forward_metadata_capture_cuda_graph(self, bs, out_cache_loc):
        self.graph_state.out_cache_loc[:bs].copy_(self._indices(out_cache_loc))

    def _indices(self, loc):
        if self.index_mode == "swa":
            return self.token_to_kv_pool.full_to_swa_index_mapping[loc]
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._indices(loc)
