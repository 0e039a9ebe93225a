"""Decode backend that sanity-checks allocator and pool capacities.

A size mismatch between the allocator and the pool is expected for
speculative draft workers, so it is only logged. When the resolved hybrid pool
is the allocator's own cache, translation goes through the allocator (which
also asserts the mapping is registered).
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, warn_on_mismatch: bool = True):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool

        alloc_size = getattr(self.allocator, "size", None)
        pool_size = getattr(self.kv_pool, "size", None)
        if warn_on_mismatch and alloc_size is not None and pool_size is not None:
            if alloc_size > pool_size:
                logger.warning(
                    "allocator size %s exceeds pool size %s (draft worker?)",
                    alloc_size,
                    pool_size,
                )

        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._translate_via_allocator = (
            self.swa_pool is not None and self.allocator.get_kvcache() is self.swa_pool
        )

    def _swa_locs(self, loc: torch.Tensor) -> torch.Tensor:
        if self._translate_via_allocator:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self._swa_locs(loc)
