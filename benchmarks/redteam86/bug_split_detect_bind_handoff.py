"""Decode backend whose setup is split into detect / bind / step helpers.

``_detect_window_pool`` returns the hybrid pool (or ``None``), ``_bind`` stores what it
is handed, and ``forward_decode`` only reads bound state.
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

    def _detect_window_pool(self) -> Optional[SWAKVPool]:
        allocator = self.model_runner.token_to_kv_pool_allocator
        get_kvcache = getattr(allocator, "get_kvcache", None)
        candidate = get_kvcache() if get_kvcache is not None else None
        return candidate if isinstance(candidate, SWAKVPool) else None

    def _bind(self, window_pool: Optional[SWAKVPool]) -> None:
        self._pool = self.model_runner.token_to_kv_pool
        self._window_pool = window_pool
        self._bound = True

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self._bound:
            self._bind(self._detect_window_pool())
        if self._window_pool is not None:
            return self._window_pool, self._window_pool.translate_loc_from_full_to_swa(loc)
        return self._pool, loc
