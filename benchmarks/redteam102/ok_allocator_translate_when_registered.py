"""Hybrid decode backend that reuses the allocator's translation entry point.

``SWATokenToKVPoolAllocator.translate_loc_from_full_to_swa`` asserts that the
mapping is registered before delegating to the pool, which gives us a cheap
consistency check.  We only route through it when the allocator's registered
cache is the very pool this runner reads; otherwise the pool is used directly.
"""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Translate = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self.swa_pool: Optional[SWAKVPool] = None
        self._to_swa: Optional[Translate] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool
            if getattr(allocator, "get_kvcache", None) and allocator.get_kvcache() is self.kv_pool:
                self._to_swa = allocator.translate_loc_from_full_to_swa
            else:
                self._to_swa = self.kv_pool.translate_loc_from_full_to_swa
        logger.debug(
            "swa translation via %s",
            (
                "allocator"
                if self._to_swa is not None and self._to_swa.__self__ is allocator
                else "pool"
            ),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self._to_swa(loc)
