"""Decode metadata builder that is constructed from the token allocator.

The allocator already knows the KV cache it hands indices out for, so the
builder derives everything it needs (pool, sliding-window mapping) from it and
the backend does not have to thread the pool through separately.
"""

from __future__ import annotations

import logging
from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeMetadata(NamedTuple):
    pool: KVCache
    locations: torch.Tensor
    sliding: bool


class AllocatorBackedMetadataBuilder:
    def __init__(self, allocator: BaseTokenToKVPoolAllocator):
        self.allocator = allocator
        self.kv_pool: KVCache = allocator.get_kvcache()
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        logger.info(
            "metadata builder ready (pool=%s, available=%s)",
            type(self.kv_pool).__name__,
            allocator.available_size(),
        )

    def build(self, loc: torch.Tensor) -> DecodeMetadata:
        if self.swa_pool is None:
            return DecodeMetadata(self.kv_pool, loc, False)
        return DecodeMetadata(
            self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc), True
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.device = model_runner.device
        self.builder = AllocatorBackedMetadataBuilder(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc: torch.Tensor):
        md = self.builder.build(loc)
        return md.pool, md.locations
