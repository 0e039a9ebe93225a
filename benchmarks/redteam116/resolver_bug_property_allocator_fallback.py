"""Hybrid decode backend resolving the SWA pool lazily via a property.

The resolver prefers the runner's pool and falls back to the allocator's
registered cache, which covers runners constructed before the pool is
attached. ``info()`` exposes the outcome to the debug endpoint.
"""

from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self._swa: Optional[SWAKVPool] = None
        self._swa_resolved = False

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if not self._swa_resolved:
            self._swa = self._resolve()
            self._swa_resolved = True
        return self._swa

    def _resolve(self) -> Optional[SWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        shared = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None

    def info(self) -> Dict[str, object]:
        alloc = self.model_runner.token_to_kv_pool_allocator
        return {
            "free_tokens": alloc.available_size(),
            "swa_pool": None if self.swa_pool is None else type(self.swa_pool).__name__,
        }

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
