"""Scoped sliding-window mode for the decode path.

``SlidingWindowMode`` is entered around a decode step and flips the backend
into SWA addressing when the token allocator manages a sliding-window
region. The previous mode is restored on exit.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


class SlidingWindowMode:
    def __init__(self, backend: "GeneratedAttnBackend"):
        self.backend = backend
        self._saved: Optional[bool] = None

    def __enter__(self) -> bool:
        self._saved = self.backend.swa_mode
        self.backend.swa_mode = isinstance(
            self.backend.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        return self.backend.swa_mode

    def __exit__(self, exc_type, exc, tb) -> bool:
        self.backend.swa_mode = bool(self._saved)
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: int = 4096):
        self.max_context_len = max_context_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_mode = False

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        with SlidingWindowMode(self) as swa:
            if swa:
                loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
