"""Forward-metadata builder shared by the decode and draft-decode paths.

``SWAMetadataBuilder`` is given the runner's pool and allocator. If the pool
it was handed is a wrapper rather than the hybrid cache itself, it falls
back to the cache the allocator was created with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class ForwardMetadata:
    pool: KVCache
    cache_loc: torch.Tensor


class SWAMetadataBuilder:
    def __init__(self, kv_pool: KVCache, allocator: BaseTokenToKVPoolAllocator):
        self.kv_pool = kv_pool
        self.swa_pool: Optional[SWAKVPool] = self._find_swa_pool(kv_pool, allocator)

    @staticmethod
    def _find_swa_pool(
        kv_pool: KVCache, allocator: BaseTokenToKVPoolAllocator
    ) -> Optional[SWAKVPool]:
        if isinstance(kv_pool, SWAKVPool):
            return kv_pool
        fallback = allocator.get_kvcache()
        return fallback if isinstance(fallback, SWAKVPool) else None

    def build_decode(self, loc: torch.Tensor) -> ForwardMetadata:
        if self.swa_pool is not None:
            return ForwardMetadata(self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc))
        return ForwardMetadata(self.kv_pool, loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.builder = SWAMetadataBuilder(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )
        self.forward_metadata: Optional[ForwardMetadata] = None

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = self.builder.build_decode(loc)
        return self.forward_metadata.pool, self.forward_metadata.cache_loc
