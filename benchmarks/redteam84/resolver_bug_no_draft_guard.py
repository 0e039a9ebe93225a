"""Decode backend with a resolver for the sliding-window KV pool.

The resolver prefers the runner's active pool and otherwise falls back to the cache the
allocator was created with, which covers runners built before the hybrid pool is attached.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    allocator = getattr(model_runner, "token_to_kv_pool_allocator", None)
    if allocator is None:
        return None
    backing = allocator.get_kvcache()
    return backing if isinstance(backing, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
