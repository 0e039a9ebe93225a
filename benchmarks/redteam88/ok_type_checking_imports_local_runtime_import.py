"""Decode backend that keeps annotation-only imports under ``TYPE_CHECKING``.

The SWA pool class is also needed for a runtime ``isinstance`` check, so it is
imported locally inside the helper to keep module import cheap.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional, Tuple

import torch

if TYPE_CHECKING:
    from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
    from sglang.srt.mem_cache.memory_pool import KVCache
    from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _as_swa_pool(pool: KVCache) -> Optional[SWAKVPool]:
    from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    """Backend for models with interleaved full and sliding-window attention."""

    def __init__(self, model_runner, window_left: int = -1) -> None:
        self.window_left = window_left
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = _as_swa_pool(self.kv_pool)
        allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "window_left=%d hybrid=%s allocator=%s",
            window_left,
            self.swa_pool is not None,
            allocator.debug_print() if hasattr(allocator, "debug_print") else "-",
        )

    def _swa_view(self, loc: torch.Tensor) -> Tuple[SWAKVPool, torch.Tensor]:
        assert self.swa_pool is not None
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self._swa_view(loc)
        return self.kv_pool, loc
