"""Decode backend that only takes the hybrid path when the allocator serves this pool.

A hybrid allocator can be shared between runners (speculative drafts reuse the
target's token slots). The SWA mapping is only valid for the runner whose pool
is the allocator's bound KV cache, so we check identity before using it.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_debug_log: bool = False):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid_allocator = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.owns_hybrid_mapping = hybrid_allocator and allocator.get_kvcache() is self.kv_pool
        if enable_debug_log and hybrid_allocator and not self.owns_hybrid_mapping:
            logger.info(
                "shared hybrid allocator, runner pool %s is not the bound cache",
                type(self.kv_pool).__name__,
            )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.owns_hybrid_mapping:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
