"""Hybrid decode backend that prefers the hybrid cache behind the allocator when there is one."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class HybridDecodeMetadata:
    full_loc: Optional[torch.Tensor] = None
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        backing = allocator.get_kvcache()
        # The allocator's cache is the authoritative hybrid one; the runner attribute may be
        # a view installed by a wrapper.
        self.pool = backing if isinstance(backing, SWAKVPool) else model_runner.token_to_kv_pool
        self.is_hybrid = isinstance(self.pool, SWAKVPool)
        self.page_size = model_runner.page_size
        self.metadata = HybridDecodeMetadata()
        if self.is_hybrid:
            logger.info("hybrid cache: full=%d swa=%d", self.pool.size, self.pool.size_swa)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.metadata.full_loc = out_cache_loc
        self.metadata.swa_loc = (
            self.pool.translate_loc_from_full_to_swa(out_cache_loc) if self.is_hybrid else None
        )

    def forward_decode(self, loc):
        if self.is_hybrid:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
