"""Decode backend with class-level pool type configuration.

Subclasses can extend ``WINDOWED_POOL_TYPES`` to add pool classes that share
the full-to-SWA location translation interface.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    WINDOWED_POOL_TYPES: ClassVar[Tuple[type, ...]] = (SWAKVPool,)
    LOW_WATERMARK: ClassVar[int] = 64

    def __init__(self, model_runner, window_left: int = -1):
        self.model_runner = model_runner
        self.window_left = window_left
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.windowed_pool: Optional[KVCache] = (
            self.kv_pool if isinstance(self.kv_pool, self.WINDOWED_POOL_TYPES) else None
        )

    def _check_watermark(self) -> None:
        free = self.allocator.available_size()
        if free < self.LOW_WATERMARK:
            logger.warning("KV allocator nearly exhausted: %d slots left", free)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._check_watermark()
        if self.windowed_pool is not None:
            return self.windowed_pool, self.windowed_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
