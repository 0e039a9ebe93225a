"""Decode backend whose cuda-graph replay reads the raw full->SWA index table."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

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
        # the fused replay kernel needs the table's owner, not a python callback
        self._swa_table_owner = self._swa_pool_for(model_runner)
        max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.graph_buffers = self._alloc_graph_buffers(max_bs)

    @staticmethod
    def _swa_pool_for(model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        elif (
            model_runner.is_draft_worker
            and model_runner.spec_algorithm != SpeculativeAlgorithm.FROZEN_KV_MTP
        ):
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

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

    def forward_decode(self, loc):
        n = loc.numel()
        if n <= self.graph_buffers.out_cache_loc.numel():
            self.graph_buffers.out_cache_loc[:n].copy_(loc)
        swa_loc = self._fill_swa_out_cache_loc(loc)
        if swa_loc is not None:
            return self._swa_table_owner, swa_loc
        return self.token_to_kv_pool, loc
