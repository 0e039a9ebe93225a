"""FlashAttention backend port whose SWA-pool resolver returns the active pool whenever the allocator is hybrid."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """FA3 backend, decode page tables."""

    def __init__(self, model_runner, skip_prefill: bool = False, topk: int = 0):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.topk = topk
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_draft_runner = model_runner.is_draft_worker
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None
        self.forward_metadata: Optional[FlashAttentionMetadata] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        """The pool window layers translate against, or None."""
        active_pool = model_runner.token_to_kv_pool
        hybrid = isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
        if isinstance(active_pool, SWAKVPool) or hybrid:
            # Slots come from the hybrid allocator, so the active pool is
            # addressed through the window index space.
            return active_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc: torch.Tensor):
        md = FlashAttentionMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32), page_table=loc
        )
        if self.use_sliding_window_kv_pool:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool, page table)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.swa_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
