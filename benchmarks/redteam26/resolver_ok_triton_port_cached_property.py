"""Triton backend port that resolves its SWA pool lazily in a cached_property."""

import functools
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


class GeneratedAttnBackend:
    """TritonAttnBackend with a lazily resolved window pool."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self._runner = model_runner
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.num_kv_splits = 8
        self.forward_metadata = ForwardMetadata()

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self._runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            # EAGLE-style drafts: shared allocator, private pool.
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return self.swa_kv_pool is not None

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
