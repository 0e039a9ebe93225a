"""Decode metadata builder for hybrid sliding-window attention.

The builder is constructed with the KV pool the backend reads and the token
allocator (used only to snapshot capacity for the metadata, which the scheduler's
memory checker consumes). Both are passed by keyword.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class SWADecodeMetadata:
    kv_pool: KVCache
    kv_indices: torch.Tensor
    free_slots: int = 0
    is_swa: bool = field(default=False)


class SWADecodeMetadataBuilder:
    def __init__(self, *, kv_pool: KVCache, allocator: BaseTokenToKVPoolAllocator):
        self.kv_pool = kv_pool
        self.allocator = allocator
        self.swa_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def build(self, loc: torch.Tensor) -> SWADecodeMetadata:
        free_slots = self.allocator.available_size()
        if self.swa_pool is None:
            return SWADecodeMetadata(kv_pool=self.kv_pool, kv_indices=loc, free_slots=free_slots)
        return SWADecodeMetadata(
            kv_pool=self.swa_pool,
            kv_indices=self.swa_pool.translate_loc_from_full_to_swa(loc),
            free_slots=free_slots,
            is_swa=True,
        )


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, builder_cls=SWADecodeMetadataBuilder):
        super().__init__()
        self.device = model_runner.device
        self.metadata_builder = builder_cls(
            kv_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
        )
        self.forward_metadata: Optional[SWADecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = self.metadata_builder.build(loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        return md.kv_pool, md.kv_indices
