"""Decode backend for hybrid full / sliding-window attention.

The allocator is only referenced for bookkeeping (free-slot accounting in the
debug summary); the KV buffers come from the runner's own pool.
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
    def __init__(self, model_runner: ModelRunner):
        self.model_runner = model_runner
        self.allocator: SWATokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def debug_summary(self) -> str:
        return f"swa={self.swa_pool is not None} " f"free_slots={self.allocator.available_size()}"

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
