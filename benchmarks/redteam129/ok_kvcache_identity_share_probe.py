"""Decode-only attention backend for hybrid sliding-window models.

The allocator's kvcache is only trusted as the SWA cache when it is the very
same object as the runner's pool; runners that attach a private pool keep
reading their own buffers.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.device = model_runner.device
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        shared_cache = allocator.get_kvcache()
        self.shares_allocator_cache = shared_cache is self.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if self.shares_allocator_cache and isinstance(shared_cache, SWAKVPool):
            self.swa_kv_pool = shared_cache

        logger.debug(
            "decode backend: shares_allocator_cache=%s swa=%s",
            self.shares_allocator_cache,
            self.swa_kv_pool is not None,
        )

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self._locations(loc)
