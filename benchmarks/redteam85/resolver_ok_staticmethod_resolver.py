"""SWA pool resolution as a static helper on the backend.

Mirrors the resolution order used by the upstream hybrid backends:

1. the runner's active pool, if it is a hybrid SWA pool;
2. nothing, for a speculative draft worker that owns its own full-only pool
   (unless the draft reads the target's frozen KV, as frozen-KV MTP does);
3. otherwise the allocator's cache, if it is a hybrid SWA pool.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_splits: int = 4):
        self.model_runner = model_runner
        self.kv_splits = kv_splits
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)

    @staticmethod
    def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
