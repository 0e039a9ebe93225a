"""Decode-only sliding-window backend that keys its hybrid layout off the shared allocator."""

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_loc: Optional[torch.Tensor] = None
    swa_cache_loc: Optional[torch.Tensor] = None
    max_seq_len: int = 0
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid models come with the two-level allocator; reuse its cache for the
        # window layers instead of carrying a second handle around.
        self.is_hybrid_swa = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.swa_kv_pool: Optional[SWAKVPool] = (
            allocator.get_kvcache() if self.is_hybrid_swa else None
        )
        if self.is_hybrid_swa:
            logger.info(
                "hybrid SWA layout: %d window layers",
                self.swa_kv_pool.swa_layer_nums,
            )
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, out_cache_loc: torch.Tensor, max_seq_len: int):
        md = DecodeMetadata(cache_loc=out_cache_loc, max_seq_len=max_seq_len)
        if self.is_hybrid_swa:
            md.swa_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.forward_metadata = md
        return md

    def forward_decode(self, loc):
        md = self.init_forward_metadata(loc, int(loc.numel()))
        if self.is_hybrid_swa:
            return self.swa_kv_pool, md.swa_cache_loc
        return self.token_to_kv_pool, md.cache_loc
