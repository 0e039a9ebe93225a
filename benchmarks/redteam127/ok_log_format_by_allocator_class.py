"""Decode backend whose periodic log line follows the allocator layout.

Hybrid allocators have two free lists worth reporting; plain ones have one.
The format string is picked once, the KV buffers are resolved from the pool
this runner actually reads.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_HYBRID_FMT = "decode step %d: full free=%d swa free=%d"
_PLAIN_FMT = "decode step %d: free=%d"


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_interval: int = 100):
        self.log_interval = log_interval
        self._step = 0
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._hybrid_alloc = isinstance(self._allocator, SWATokenToKVPoolAllocator)
        self._fmt = _HYBRID_FMT if self._hybrid_alloc else _PLAIN_FMT

        pool = model_runner.token_to_kv_pool
        self._pool = pool
        self._swa_pool = pool if isinstance(pool, SWAKVPool) else None

    def _maybe_log(self) -> None:
        self._step += 1
        if self._step % self.log_interval:
            return
        if self._hybrid_alloc:
            logger.info(
                self._fmt,
                self._step,
                self._allocator.full_available_size(),
                self._allocator.swa_available_size(),
            )
        else:
            logger.info(self._fmt, self._step, self._allocator.available_size())

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        self._maybe_log()
        if self._swa_pool is None:
            return self._pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
