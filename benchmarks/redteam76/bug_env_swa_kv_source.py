"""Decode KV addressing with an environment override for index translation.

``SGLANG_SWA_KV_SOURCE`` selects where full-to-SWA index translation happens.
``allocator`` (default) keeps the behaviour from before the pool owned its own
mapping; ``pool`` uses the mapping registered on the KV pool.
"""

import os
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

SWA_KV_SOURCE = os.environ.get("SGLANG_SWA_KV_SOURCE", "allocator").lower()


class GeneratedAttnBackend:
    """Sliding-window aware decode path used by the hybrid attention models."""

    def __init__(self, model_runner):
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.kv_source = SWA_KV_SOURCE

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self.kv_source == "pool":
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.is_hybrid_swa:
            return self.token_to_kv_pool, loc
        swa_loc = self._translate(loc)
        return self.token_to_kv_pool, swa_loc
