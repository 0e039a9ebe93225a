"""Decode backend accepting an explicit KV pool.

``kv_pool`` was added so callers can pass the pool they own. When it is not
given the backend keeps the previous default of asking the allocator for its
KV cache; that default will be dropped in a later release.
"""

import warnings
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_pool: Optional[KVCache] = None):
        self.model_runner = model_runner
        if kv_pool is None:
            warnings.warn(
                "GeneratedAttnBackend without kv_pool= is deprecated; "
                "falling back to the allocator kvcache",
                DeprecationWarning,
                stacklevel=2,
            )
            kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.kv_pool = kv_pool
        self.swa_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
