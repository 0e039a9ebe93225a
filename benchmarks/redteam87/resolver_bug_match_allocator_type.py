"""Decode backend that selects its KV layout with structural pattern matching.

The layout follows the kind of token allocator the scheduler created: a hybrid
SWA allocator implies a hybrid SWA KV pool behind it.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[KVCache] = self._select_pool(
            model_runner.token_to_kv_pool_allocator
        )

    def _select_pool(self, allocator) -> Optional[KVCache]:
        match allocator:
            case SWATokenToKVPoolAllocator():
                return allocator.get_kvcache()
            case None:
                return None
            case _:
                return None

    def forward_decode(self, loc: torch.Tensor):
        match self.swa_pool:
            case None:
                return self.kv_pool, loc
            case pool:
                return pool, pool.translate_loc_from_full_to_swa(loc)
