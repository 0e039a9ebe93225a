"""Decode backend that reports when the allocator and the runner pool disagree.

A hybrid allocator paired with a full-only pool happens for speculative drafts
that share the target allocator; the backend then stays on full indices and logs
the configuration once.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, warn_on_mismatch: bool = True):
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = pool
        self.translate_to_swa = isinstance(pool, SWAKVPool)

        hybrid_allocator = isinstance(allocator, SWATokenToKVPoolAllocator)
        if warn_on_mismatch and hybrid_allocator and not self.translate_to_swa:
            logger.warning(
                "allocator %s tracks %d SWA slots but runner pool %s is full-only; "
                "decode uses full-pool indices",
                type(allocator).__name__,
                allocator.size_swa,
                type(pool).__name__,
            )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.translate_to_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
