"""Decode backend with deferred pool binding.

``forward_decode`` binds the runner's KV pool on first use and keeps it. Sliding-window
layers are served from the SWA sub-pool, which needs full-to-SWA location translation.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self._bound_pool: Optional[KVCache] = None
        self._swa_pool: Optional[SWAKVPool] = None
        self._num_calls = 0

    def _bind(self) -> KVCache:
        pool = self.model_runner.token_to_kv_pool
        self._bound_pool = pool
        self._swa_pool = pool if isinstance(pool, SWAKVPool) else None
        allocator = self.model_runner.token_to_kv_pool_allocator
        logger.info(
            "Bound decode pool %s; allocator free slots=%d",
            type(pool).__name__,
            allocator.available_size(),
        )
        return pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._num_calls += 1
        pool = self._bound_pool if self._bound_pool is not None else self._bind()
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
