"""Decode backend with setup split across helper methods.

``_select_pool`` picks the pool this backend reads, ``_window_view`` narrows it to the
SWA sub-pool when hybrid, and ``_bind`` records both for ``forward_decode``.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self._bound = False
        self._pool: Optional[KVCache] = None
        self._window_pool: Optional[SWAKVPool] = None

    def _select_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    @staticmethod
    def _window_view(pool: KVCache) -> Optional[SWAKVPool]:
        return pool if isinstance(pool, SWAKVPool) else None

    def _bind(self, pool: KVCache, window_pool: Optional[SWAKVPool]) -> None:
        self._pool = pool
        self._window_pool = window_pool
        self._bound = True

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self._bound:
            pool = self._select_pool()
            self._bind(pool, self._window_view(pool))
        if self._window_pool is not None:
            return self._window_pool, self._window_pool.translate_loc_from_full_to_swa(loc)
        return self._pool, loc
