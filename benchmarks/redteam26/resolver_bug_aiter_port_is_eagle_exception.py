"""AITER backend port whose SWA-pool resolver keys its draft exception on spec_algorithm.is_eagle()."""

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
    swa_slot_mapping: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """AITER unified-attention decode."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = (
            self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0
        )
        self.forward_metadata: Optional[ForwardMetadata] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        Drafts of the EAGLE family (which includes FROZEN_KV MTP) attend over
        target KV; other draft kinds keep a private cache.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if getattr(model_runner, "is_draft_worker", False):
            if not model_runner.spec_algorithm.is_eagle():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
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
