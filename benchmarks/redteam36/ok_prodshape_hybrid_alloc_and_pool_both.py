"""Decode backend enabling SWA only when both the allocator and its own pool are hybrid."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    cache_seqlens: torch.Tensor
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid_allocator = isinstance(allocator, SWATokenToKVPoolAllocator)
        hybrid_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        if hybrid_allocator and not hybrid_pool:
            # e.g. an EAGLE draft: shares the hybrid allocator, owns a full-only pool.
            logger.info(
                "hybrid allocator with %s; sliding-window translation disabled",
                type(self.token_to_kv_pool).__name__,
            )
        self.use_swa = hybrid_allocator and hybrid_pool
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor):
        md = ForwardMetadata(cache_seqlens=torch.ones_like(loc, dtype=torch.int32), cache_loc=loc)
        if self.use_swa:
            md.swa_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        return self.token_to_kv_pool, (md.swa_cache_loc if self.use_swa else md.cache_loc)
