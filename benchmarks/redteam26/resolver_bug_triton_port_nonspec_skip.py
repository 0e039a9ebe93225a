"""Triton backend port whose SWA-pool resolver only skips the allocator for non-speculative runners."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    num_kv_splits: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    spec = model_runner.spec_algorithm
    if spec.is_none() and not spec.is_frozen_kv_mtp():
        # Without speculation the active pool is the only pool there is.
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    """TritonAttnBackend, decode metadata only."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.swa_kv_pool = _resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None
        self.num_kv_splits = 8
        self.forward_metadata = ForwardMetadata()
        self.cuda_graph_swa_out_cache_loc = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.use_sliding_window_kv_pool:
            self.cuda_graph_swa_out_cache_loc = torch.zeros(
                (max_num_tokens,), dtype=torch.int64, device=self.device
            )

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        swa_loc = None
        if self.use_sliding_window_kv_pool:
            swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.forward_metadata = ForwardMetadata(
            num_kv_splits=torch.full((out_cache_loc.numel(),), self.num_kv_splits),
            kv_indices=out_cache_loc,
            swa_out_cache_loc=swa_loc,
        )

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool, slots)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.swa_kv_pool, md.swa_out_cache_loc
        return self.token_to_kv_pool, md.kv_indices
