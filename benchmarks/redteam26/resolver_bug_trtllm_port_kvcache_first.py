"""TRT-LLM MHA backend port whose SWA-pool resolver consults the allocator's cache before the runner's pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """TRTLLMHAAttnBackend, SWA plumbing only."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self._swa_full_to_swa_mapping = (
            self._swa_kv_pool.full_to_swa_index_mapping if self._swa_kv_pool is not None else None
        )
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        The allocator is built over the canonical cache, so prefer it; the
        runner's pool is consulted for setups where the allocator wraps
        something else.
        """
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache

        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        active_pool = model_runner.token_to_kv_pool
        return active_pool if isinstance(active_pool, SWAKVPool) else None

    def init_forward_metadata(self, loc: torch.Tensor):
        md = TRTLLMMHAMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32),
            page_table=loc // self.page_size,
        )
        if self._swa_full_to_swa_mapping is not None:
            md.swa_page_table = self._swa_full_to_swa_mapping[loc] // self.page_size
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool, page table)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self._swa_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
