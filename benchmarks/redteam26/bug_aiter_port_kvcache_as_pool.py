"""AITER backend port that takes its swa_kv_pool from the allocator's kvcache."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    kv_indptr: Optional[torch.Tensor]
    kv_indices: Optional[torch.Tensor]
    qo_indptr: Optional[torch.Tensor] = None
    max_q_len: int = 1
    swa_slot_mapping: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """AITER decode path (unified attention) restricted to the slot mapping."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.req_to_token_pool.size
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        # The allocator owns the cache object it was built over; use that so
        # the slot mapping and the buffers come from the same place.
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_kv_pool = pool if isinstance(pool, SWAKVPool) else None
        self.use_sliding_window_kv_pool = (
            self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0
        )

        def _pool_is_vec5d(p):
            if isinstance(p, SWAKVPool):
                return getattr(p.full_kv_pool, "kv_cache_layout", "nhd") == "vectorized_5d"
            return getattr(p, "kv_cache_layout", "nhd") == "vectorized_5d"

        self.kv_cache_is_vectorized_5d = _pool_is_vec5d(self.token_to_kv_pool)
        self.use_triton_unified_attention = self.use_sliding_window_kv_pool
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        swa_slot_mapping = None
        if self.use_sliding_window_kv_pool:
            swa_slot_mapping = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc).long()
        self.forward_metadata = ForwardMetadata(
            kv_indptr=None,
            kv_indices=out_cache_loc,
            swa_slot_mapping=swa_slot_mapping,
        )

    def forward_decode(self, loc: torch.Tensor):
        """Unified-attention decode over the window group."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_slot_mapping is not None:
            return self.swa_kv_pool, md.swa_slot_mapping
        return self.token_to_kv_pool, md.kv_indices
