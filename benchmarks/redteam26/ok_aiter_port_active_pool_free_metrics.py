"""AITER backend port: swa_kv_pool is the active pool only; the allocator feeds free-slot metrics."""

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
    max_q_len: int = 1
    swa_slot_mapping: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """AITER unified-attention decode."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        active = model_runner.token_to_kv_pool
        self.swa_kv_pool = active if isinstance(active, SWAKVPool) else None
        self.use_sliding_window_kv_pool = (
            self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0
        )

        def _pool_is_vec5d(pool):
            if isinstance(pool, SWAKVPool):
                return getattr(pool.full_kv_pool, "kv_cache_layout", "nhd") == "vectorized_5d"
            return getattr(pool, "kv_cache_layout", "nhd") == "vectorized_5d"

        self.kv_cache_is_vectorized_5d = _pool_is_vec5d(active)
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _free_slots(self) -> int:
        allocator = self.token_to_kv_pool_allocator
        probe = getattr(allocator, "full_available_size", allocator.available_size)
        return int(probe())

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        if self._free_slots() < out_cache_loc.numel():
            logger.warning("aiter: fewer free KV slots than tokens in this batch")
        swa_slot_mapping = None
        if self.use_sliding_window_kv_pool:
            swa_slot_mapping = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc).long()
        self.forward_metadata = ForwardMetadata(
            kv_indptr=None, kv_indices=out_cache_loc, swa_slot_mapping=swa_slot_mapping
        )

    def forward_decode(self, loc: torch.Tensor):
        """Window-group decode: (pool, slots)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_slot_mapping is not None:
            return self.swa_kv_pool, md.swa_slot_mapping
        return self.token_to_kv_pool, md.kv_indices
