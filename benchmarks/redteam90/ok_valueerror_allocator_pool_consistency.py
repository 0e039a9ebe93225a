"""Decode backend that validates the allocator/pool pairing at startup.

A hybrid pool driven by a non-hybrid allocator would never populate the
full->SWA mapping, so that configuration is rejected with ``ValueError``.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, check_config: bool = True):
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool

        if check_config and isinstance(pool, SWAKVPool):
            if not isinstance(allocator, SWATokenToKVPoolAllocator):
                raise ValueError(
                    f"SWAKVPool requires SWATokenToKVPoolAllocator, got {type(allocator).__name__}"
                )
        self.kv_pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

        if self.swa_pool is None and isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.info("hybrid allocator with a full-only pool; SWA translation disabled")

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
