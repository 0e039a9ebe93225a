"""SWA pool resolution for the hybrid decode backend.

Mirrors the upstream resolver but matches classes by name: the active pool
wins; a regular draft worker owns a full-only pool and never borrows the
target's hybrid cache; otherwise the cache behind the shared allocator is
used when it is hybrid (frozen-KV MTP drafts read the target's cache).
"""

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

_SWA_POOL_NAMES: Tuple[str, ...] = ("SWAKVPool",)


def _is_swa_pool(pool) -> bool:
    return pool is not None and type(pool).__name__ in _SWA_POOL_NAMES


def resolve_swa_pool(model_runner) -> Optional[KVCache]:
    pool = model_runner.token_to_kv_pool
    if _is_swa_pool(pool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if _is_swa_pool(cache) else None


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
