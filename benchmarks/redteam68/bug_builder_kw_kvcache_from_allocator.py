"""Decode metadata builder wired from the token allocator's KV cache.

The builder receives the KV cache and the allocator by keyword. Taking the cache
from ``allocator.get_kvcache()`` keeps the builder consistent with the allocator's
full->SWA mapping, which is registered on that cache.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    pool: KVCache
    kv_indices: torch.Tensor


class DecodeMetadataBuilder:
    def __init__(self, *, kv_cache: KVCache, allocator: BaseTokenToKVPoolAllocator):
        self.kv_cache = kv_cache
        self.allocator = allocator

    def build(self, loc: torch.Tensor) -> DecodeMetadata:
        if isinstance(self.kv_cache, SWAKVPool):
            return DecodeMetadata(self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc))
        return DecodeMetadata(self.kv_cache, loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, builder: Optional[DecodeMetadataBuilder] = None):
        super().__init__()
        allocator = model_runner.token_to_kv_pool_allocator
        self.builder = builder or DecodeMetadataBuilder(
            kv_cache=allocator.get_kvcache(), allocator=allocator
        )
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = self.builder.build(loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.forward_metadata.pool, self.forward_metadata.kv_indices
