"""Decode backend that picks its KV buffers from the allocator when it is the hybrid one."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    out_cache_loc: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.req_to_token_pool = model_runner.req_to_token_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = max(1, int(getattr(allocator, "page_size", 1) or 1))
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            # Hybrid models keep full and SWA layers in one composite pool.
            self.token_to_kv_pool = allocator.get_kvcache()
            self.is_hybrid_swa = True
        else:
            self.token_to_kv_pool = model_runner.token_to_kv_pool
            self.is_hybrid_swa = False
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.debug("decode backend: hybrid_swa=%s", self.is_hybrid_swa)

    def init_forward_metadata(self, seq_lens: torch.Tensor, out_cache_loc: torch.Tensor):
        metadata = DecodeMetadata(
            cache_seqlens=seq_lens.to(torch.int32), out_cache_loc=out_cache_loc
        )
        if self.is_hybrid_swa:
            metadata.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        self.forward_metadata = metadata
        return metadata

    def forward_decode(self, loc):
        metadata = self.init_forward_metadata(torch.ones_like(loc), loc)
        if metadata.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, metadata.swa_out_cache_loc
        return self.token_to_kv_pool, metadata.out_cache_loc
