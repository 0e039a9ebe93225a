"""Decode backend with a lazily evaluated SWA pool resolver.

``_resolve_swa_pool`` prefers the runner's active pool and falls back to the
allocator's cache for runners whose pool attribute is a non-hybrid wrapper. The result
is memoized on the first decode step.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_UNSET = object()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self._swa_pool = _UNSET

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        allocator = self.model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache() if hasattr(allocator, "get_kvcache") else None
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        return None

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if self._swa_pool is _UNSET:
            self._swa_pool = self._resolve_swa_pool()
        return self._swa_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
