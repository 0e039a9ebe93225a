"""Triton backend port that gathers SWA write slots with index_select over the allocator's table."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

try:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

    _HYBRID_SWA_ALLOCATORS: tuple = (SWATokenToKVPoolAllocator,)
except ImportError:  # older wheels keep it next to the pool
    _HYBRID_SWA_ALLOCATORS = ()


@dataclass
class ForwardMetadata:
    num_kv_splits: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """TritonAttnBackend with the cuda-graph SWA write buffer."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.allocator, _HYBRID_SWA_ALLOCATORS)
        self.static_kv_splits = False
        self.max_kv_splits = 8
        self.forward_metadata = ForwardMetadata()
        self.cuda_graph_swa_out_cache_loc = torch.zeros(
            (model_runner.req_to_token_pool.size,), dtype=torch.int64, device=self.device
        )

    def _fill_cuda_graph_swa_out_cache_loc(self, out_cache_loc: torch.Tensor):
        """Refill the SWA write-target buffer; returns the [:n] view or None."""
        if not self.use_sliding_window_kv_pool:
            return None
        n = out_cache_loc.shape[0]
        if n > self.cuda_graph_swa_out_cache_loc.shape[0]:
            return None
        self.cuda_graph_swa_out_cache_loc[n:].zero_()
        self.cuda_graph_swa_out_cache_loc[:n].copy_(
            torch.index_select(self.allocator.full_to_swa_index_mapping, 0, out_cache_loc)
        )
        return self.cuda_graph_swa_out_cache_loc[:n]

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.forward_metadata = ForwardMetadata(
            num_kv_splits=torch.full((out_cache_loc.numel(),), self.max_kv_splits),
            kv_indices=out_cache_loc,
            swa_out_cache_loc=self._fill_cuda_graph_swa_out_cache_loc(out_cache_loc),
        )

    def forward_decode(self, loc: torch.Tensor):
        """Replay-path decode: (pool, write/read slots)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_out_cache_loc
        return self.token_to_kv_pool, md.kv_indices
