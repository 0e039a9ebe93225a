"""SWA pool resolution for the hybrid decode backend.

The active pool is checked first; if it is not a hybrid pool we fall back to
the cache behind the allocator, matched by class name so that the resolver
also works with out-of-tree subclasses registered under the same names.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

_SWA_POOL_NAMES: Tuple[str, ...] = ("SWAKVPool",)
_SWA_ALLOCATOR_NAMES: Tuple[str, ...] = (
    "SWATokenToKVPoolAllocator",
    "PureSWATokenToKVPoolAllocator",
)


def resolve_swa_pool(model_runner) -> Optional[KVCache]:
    pool = model_runner.token_to_kv_pool
    if type(pool).__name__ in _SWA_POOL_NAMES:
        return pool
    allocator = model_runner.token_to_kv_pool_allocator
    if type(allocator).__name__ in _SWA_ALLOCATOR_NAMES:
        return allocator.get_kvcache()
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, window_size: int = -1):
        super().__init__()
        self.window_size = window_size
        self.full_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.full_pool, loc
