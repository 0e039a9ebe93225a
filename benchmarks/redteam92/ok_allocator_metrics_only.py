"""Decode backend with windowed attention and allocator pressure logging.

The allocator is consulted only for capacity reporting; attention always
reads the pool installed on the runner.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 0):
        self.log_every = log_every
        self._steps = 0
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        if not model_runner.is_draft_worker:
            self._log_capacity()

    def _log_capacity(self) -> None:
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            logger.info("%s", self.allocator.debug_print())
        logger.info("KV tokens available: %d", self.allocator.available_size())

    def forward_decode(self, loc: torch.Tensor):
        self._steps += 1
        if self.log_every and self._steps % self.log_every == 0:
            self._log_capacity()
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
