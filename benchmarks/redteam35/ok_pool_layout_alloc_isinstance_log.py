"""Decode backend that keys window handling on its own pool and logs the allocator kind."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_loc: Optional[torch.Tensor] = None
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.info(
                "hybrid allocator: full=%d swa=%d tokens",
                allocator.size_full,
                allocator.size_swa,
            )
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        md = DecodeMetadata(cache_loc=loc)
        if self.swa_kv_pool is not None:
            md.swa_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md
        return md

    def forward_decode(self, loc):
        md = self.init_forward_metadata(loc)
        if md.swa_cache_loc is not None:
            return self.swa_kv_pool, md.swa_cache_loc
        return self.token_to_kv_pool, md.cache_loc
