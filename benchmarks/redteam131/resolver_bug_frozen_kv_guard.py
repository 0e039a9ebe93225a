"""Resolve which SWA pool (if any) the decode kernels should address.

Draft workers that run frozen-KV MTP never write to the sliding-window layers,
so they skip SWA addressing entirely; other workers follow the pool that backs
the shared allocator.
"""

from typing import Optional, Tuple, cast

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(backing, SWAKVPool):
        return cast(SWAKVPool, backing)
    return None


class GeneratedAttnBackend:
    """Decode backend with an explicitly resolved SWA pool."""

    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.is_draft = model_runner.is_draft_worker
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = resolve_swa_kv_pool(model_runner)

    def get_read_pool(self) -> KVCache:
        return self.swa_kv_pool if self.swa_kv_pool is not None else self.kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.get_read_pool(), self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
