"""Hybrid KV resolution with a draft-worker guard and a ``reset`` hook.

``_resolve_swa_pool`` returns the active pool when it is hybrid. Draft
workers running a frozen-KV MTP head keep their own full-only view; every
other runner looks up the hybrid cache registered on the token allocator.
The result is stored until ``reset`` is called.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, lazy: bool = True):
        self.model_runner = model_runner
        self._resolved = False
        self._swa_pool: Optional[SWAKVPool] = None
        if not lazy:
            self._resolve()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def _resolve(self) -> None:
        self._swa_pool = self._resolve_swa_pool()
        self._resolved = True

    def reset(self) -> None:
        self._resolved = False
        self._swa_pool = None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self._resolved:
            self._resolve()
        if self._swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
