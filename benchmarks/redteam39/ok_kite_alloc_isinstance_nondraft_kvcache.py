"""Decode backend that takes the hybrid cache from the allocator on non-draft workers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_pool = self.token_to_kv_pool
        elif isinstance(allocator, SWATokenToKVPoolAllocator) and not model_runner.is_draft_worker:
            # Only the worker that owns the allocator also owns its KV cache.
            kv = allocator.get_kvcache()
            self.swa_pool = kv if isinstance(kv, SWAKVPool) else None
        self.metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        self.metadata.cache_seqlens = forward_batch.seq_lens.to(torch.int32)
        if self.swa_pool is not None:
            self.metadata.swa_out_cache_loc = self.swa_pool.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
