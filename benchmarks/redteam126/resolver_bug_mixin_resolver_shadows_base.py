"""Hybrid SWA decode backend for runners that share one token allocator.

``_DraftAwareBackend`` carries the default SWA pool resolver;
``SharedAllocatorSWAMixin`` specialises it for deployments where several
runners hand out indices from one allocator, so every runner resolves the
same hybrid cache.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _DraftAwareBackend:
    def __init__(self, model_runner) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self._resolve_swa_pool(model_runner)

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None


class SharedAllocatorSWAMixin:
    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return super()._resolve_swa_pool(model_runner)


class GeneratedAttnBackend(SharedAllocatorSWAMixin, _DraftAwareBackend):
    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
