"""Decode backend that records whether this worker reads the allocator's pool.

Draft workers typically share the target's allocator while owning a private pool; the flag is
surfaced in the startup log and in `describe()` for debugging memory reports.
"""

import logging
from typing import Any, Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        shared = allocator.get_kvcache()
        self.shares_allocator_pool = shared is pool
        if not self.shares_allocator_pool:
            logger.info(
                "worker reads a private %s; allocator %s backs %s",
                type(pool).__name__,
                type(allocator).__name__,
                type(shared).__name__,
            )
        self.pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def describe(self) -> Dict[str, Any]:
        return {
            "pool": type(self.pool).__name__,
            "sliding_window": self.swa_pool is not None,
            "shares_allocator_pool": self.shares_allocator_pool,
        }

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
