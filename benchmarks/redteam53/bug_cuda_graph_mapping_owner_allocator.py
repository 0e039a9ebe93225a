"""Decode backend whose cuda-graph replay reads the raw full->SWA index table."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    seq_lens: torch.Tensor
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kv_allocator = model_runner.token_to_kv_pool_allocator
        # the fused replay kernel needs the table's owner, not a python callback
        self._swa_table_owner = (
            kv_allocator
            if getattr(kv_allocator, "full_to_swa_index_mapping", None) is not None
            else None
        )
        max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.graph_buffers = self._alloc_graph_buffers(max_bs)

    def _alloc_graph_buffers(self, max_bs: int) -> GraphBuffers:
        bufs = GraphBuffers(
            seq_lens=torch.zeros(max_bs, dtype=torch.int32),
            out_cache_loc=torch.zeros(max_bs, dtype=torch.int64),
        )
        if self._swa_table_owner is not None:
            bufs.swa_out_cache_loc = torch.zeros(max_bs, dtype=torch.int64)
        return bufs

    def _fill_swa_out_cache_loc(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if self._swa_table_owner is None:
            return None
        n = loc.numel()
        swa_loc = self._swa_table_owner.full_to_swa_index_mapping[loc]
        if n <= self.graph_buffers.swa_out_cache_loc.numel():
            self.graph_buffers.swa_out_cache_loc[:n].copy_(swa_loc)
        return swa_loc

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor):
        n = loc.numel()
        if n <= self.graph_buffers.out_cache_loc.numel():
            self.graph_buffers.out_cache_loc[:n].copy_(loc)
        return self._fill_swa_out_cache_loc(loc)

    def forward_decode(self, loc):
        swa_loc = self.init_forward_metadata_replay_cuda_graph(loc)
        if swa_loc is not None:
            return self.token_to_kv_pool, swa_loc
        return self.token_to_kv_pool, loc
