"""Backend holding only weak references to the runner's memory objects.

Holding strong references from the backend keeps multi-GB buffers alive across
``ModelRunner`` teardown in tests; weak references let the runner own the pool
and allocator while the backend still reads through them.
"""

from __future__ import annotations

import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self._pool_wr = weakref.ref(model_runner.token_to_kv_pool)
        # Allocator is only consulted for diagnostics, a proxy is enough.
        self._alloc_proxy = weakref.proxy(model_runner.token_to_kv_pool_allocator)
        self._is_swa = isinstance(self._pool_wr(), SWAKVPool)

    @property
    def kv_pool(self):
        pool = self._pool_wr()
        if pool is None:
            raise ReferenceError("KV pool was released before the attention backend")
        return pool

    def _swa_locs(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if not self._is_swa:
            return None
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def debug_state(self) -> str:
        return f"is_swa={self._is_swa} free={self._alloc_proxy.available_size()}"

    def forward_decode(self, loc: torch.Tensor):
        swa_locs = self._swa_locs(loc)
        if swa_locs is None:
            return self.kv_pool, loc
        return self.kv_pool, swa_locs
