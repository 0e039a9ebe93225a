"""Decode backend enabling SWA when either the allocator or its pool reports a hybrid layout."""

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
        self.allocator = model_runner.token_to_kv_pool_allocator
        hybrid_allocator = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        hybrid_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        # Some wrappers hide the SWA pool behind a proxy, so trust either signal.
        self.use_swa = hybrid_allocator or hybrid_pool
        self.forward_metadata: Optional[ForwardMetadata] = None
        logger.debug("use_swa=%s (allocator=%s)", self.use_swa, hybrid_allocator)

    def init_forward_metadata(self, loc: torch.Tensor):
        md = ForwardMetadata(cache_seqlens=torch.ones_like(loc, dtype=torch.int32), cache_loc=loc)
        if self.use_swa:
            md.swa_cache_loc = self.allocator.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        return self.token_to_kv_pool, (md.swa_cache_loc if self.use_swa else md.cache_loc)
