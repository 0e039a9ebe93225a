"""Decode backend with a full->SWA index cross-check between allocator and pool.

Sliding-window locations are computed through the hybrid allocator and, when
the runner's pool carries its own mapping, recomputed there and compared;
mismatches are logged and the pool's value wins.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, debug_check: bool = True):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.debug_check = debug_check
        self.num_mismatches = 0

    def _allocator_swa_loc(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if not isinstance(self.allocator, SWATokenToKVPoolAllocator):
            return None
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.model_runner.token_to_kv_pool
        ref = self._allocator_swa_loc(loc)
        if isinstance(pool, SWAKVPool):
            swa_loc = pool.translate_loc_from_full_to_swa(loc)
            if self.debug_check and ref is not None and not torch.equal(ref, swa_loc):
                self.num_mismatches += 1
                logger.warning(
                    "SWA index mismatch between allocator and pool (%d so far)",
                    self.num_mismatches,
                )
            return pool, swa_loc
        return pool, ref if ref is not None else loc
