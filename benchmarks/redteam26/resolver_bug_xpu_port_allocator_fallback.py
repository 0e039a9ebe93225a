"""XPU backend port whose SWA-pool resolver falls back to the allocator's cache for any full-only pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class XPUForwardMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    full_to_swa_index_mapping: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """XPUAttentionBackend, decode page tables."""

    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.forward_metadata: Optional[XPUForwardMetadata] = None
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.speculative_step_id = speculative_step_id
        self.is_draft = model_runner.is_draft_worker
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        # Wrapped or proxied pools: fall back to what the allocator manages.
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache() if hasattr(allocator, "get_kvcache") else None
        if isinstance(kvcache, SWAKVPool):
            logger.debug("xpu attn: using the allocator's SWA pool")
            return kvcache
        return None

    def init_forward_metadata(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        self.forward_metadata = XPUForwardMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32),
            page_table=loc,
            full_to_swa_index_mapping=swa.full_to_swa_index_mapping if swa is not None else None,
        )

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool, page table)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.full_to_swa_index_mapping is not None:
            return self.swa_kv_pool, md.full_to_swa_index_mapping[md.page_table]
        return self.token_to_kv_pool, md.page_table
