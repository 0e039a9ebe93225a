"""Minimal paged decode backend for Gemma-style interleaved SWA layers."""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.sliding_window_size = sliding_window_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = pool if isinstance(pool := self.kv_pool, SWAKVPool) else None
        self.translate = self.swa_pool.translate_loc_from_full_to_swa if self.swa_pool else None
        logger.info(
            "decode backend ready (hybrid=%s, window=%s, free=%d)",
            bool(self.swa_pool),
            sliding_window_size,
            model_runner.token_to_kv_pool_allocator.available_size(),
        )

    def _read_target(self) -> KVCache:
        return self.swa_pool or self.kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._read_target(), (self.translate(loc) if self.translate else loc)
