"""Decode backend whose SWA pool comes from a resolver mixin, logging the allocator it shares."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolverMixin:
    """Finds the SWAKVPool a backend should translate against, if any."""

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            # A regular draft owns a full-only pool; the shared allocator's
            # kvcache belongs to the target.
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class DecodeMetadata:
    cache_loc: Optional[torch.Tensor] = None
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend(SWAPoolResolverMixin):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.info(
                "hybrid allocator %s: full=%d swa=%d",
                type(allocator).__name__,
                allocator.size_full,
                allocator.size_swa,
            )
        self.swa_kv_pool = self._resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata.cache_loc = loc
        if self.swa_kv_pool is not None:
            self.forward_metadata.swa_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(
                loc
            )
        else:
            self.forward_metadata.swa_cache_loc = None

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_cache_loc is not None:
            return self.swa_kv_pool, md.swa_cache_loc
        return self.token_to_kv_pool, md.cache_loc
