"""Decode metadata builder for the paged attention backend.

The builder is constructed once per backend and produces a ``DecodeMetadata``
per step. It only needs the KV pool the backend reads; the allocator is kept
around for capacity reporting.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_pool: KVCache
    kv_indices: torch.Tensor
    window_translated: bool = False
    extras: dict = field(default_factory=dict)


class DecodeMetadataBuilder:
    def __init__(self, kv_pool: KVCache, page_size: int = 1):
        self.kv_pool = kv_pool
        self.page_size = page_size
        self.swa_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def build(self, loc: torch.Tensor) -> DecodeMetadata:
        if self.swa_pool is not None:
            swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return DecodeMetadata(self.swa_pool, swa_loc, window_translated=True)
        return DecodeMetadata(self.kv_pool, loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, builder_cls=DecodeMetadataBuilder):
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.metadata_builder = builder_cls(
            model_runner.token_to_kv_pool, page_size=model_runner.page_size
        )
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.info(
            "Decode builder ready: swa=%s free_slots=%d",
            self.metadata_builder.swa_pool is not None,
            self.allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = self.metadata_builder.build(loc)
        return self.forward_metadata.kv_pool, self.forward_metadata.kv_indices
