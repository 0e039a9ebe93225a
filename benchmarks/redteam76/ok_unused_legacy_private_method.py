"""Hybrid SWA decode backend.

``_swa_pool_via_allocator`` is the pre-migration lookup. It is kept so that
out-of-tree subclasses that override it keep importing, but nothing in this
backend calls it any more.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodeMetadata:
    def __init__(self, kv_pool: KVCache, swa_pool: Optional[SWAKVPool]):
        self.kv_pool = kv_pool
        self.swa_pool = swa_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.metadata = DecodeMetadata(
            kv_pool=model_runner.token_to_kv_pool,
            swa_pool=self._swa_pool_from_runner(),
        )

    def _swa_pool_from_runner(self) -> Optional[SWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def _swa_pool_via_allocator(self) -> Optional[SWAKVPool]:
        # Deprecated: superseded by _swa_pool_from_runner.
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.metadata.swa_pool
        if swa_pool is None:
            return self.metadata.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
