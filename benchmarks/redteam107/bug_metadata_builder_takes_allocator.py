"""Decode metadata builder for the paged attention backend.

The builder is constructed once per backend and produces a ``DecodeMetadata``
per step. It is handed the runner's KV pool and allocator separately so that
it can be unit-tested with fakes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


@dataclass
class DecodeMetadata:
    kv_pool: KVCache
    kv_indices: torch.Tensor
    window_translated: bool = False
    extras: dict = field(default_factory=dict)


class DecodeMetadataBuilder:
    def __init__(
        self,
        kv_pool: KVCache,
        allocator: BaseTokenToKVPoolAllocator,
        page_size: int = 1,
    ):
        self.kv_pool = kv_pool
        self.allocator = allocator
        self.page_size = page_size
        mapping: Optional[torch.Tensor] = getattr(allocator, "full_to_swa_index_mapping", None)
        self.has_window_mapping = mapping is not None

    def build(self, loc: torch.Tensor) -> DecodeMetadata:
        if self.has_window_mapping:
            swa_loc = self.allocator.translate_loc_from_full_to_swa(loc)
            return DecodeMetadata(self.kv_pool, swa_loc, window_translated=True)
        return DecodeMetadata(self.kv_pool, loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, builder_cls=DecodeMetadataBuilder):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.metadata_builder = builder_cls(
            self.kv_pool,
            model_runner.token_to_kv_pool_allocator,
            page_size=model_runner.page_size,
        )
        self.forward_metadata: Optional[DecodeMetadata] = None

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = self.metadata_builder.build(loc)
        if self.forward_metadata.window_translated:
            return self.kv_pool, self.forward_metadata.kv_indices
        return self.forward_metadata.kv_pool, self.forward_metadata.kv_indices
