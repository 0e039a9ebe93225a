"""Decode backend with type-only imports for the model runner.

``ModelRunner`` is imported under ``TYPE_CHECKING`` to avoid the import cycle
between attention backends and the model executor.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

if TYPE_CHECKING:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
    from sglang.srt.mem_cache.memory_pool import KVCache
    from sglang.srt.model_executor.model_runner import ModelRunner

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner: ModelRunner, kv_splits: int = 4):
        self.kv_splits = kv_splits
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.allocator: SWATokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_cache: Optional[SWAKVPool] = (
            self.kv_cache if isinstance(self.kv_cache, SWAKVPool) else None
        )
        logger.debug(
            "kv_cache=%s allocator=%s free=%d",
            type(self.kv_cache).__name__,
            type(self.allocator).__name__,
            self.allocator.available_size(),
        )

    def get_decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_cache is None:
            return loc
        return self.swa_kv_cache.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.swa_kv_cache if self.swa_kv_cache is not None else self.kv_cache
        return pool, self.get_decode_locations(loc)
