"""Hybrid SWA decode backend shared by target and speculative workers.

The sliding-window pool is resolved once at construction. Draft workers of
EAGLE-style algorithms own a separate full-attention pool, while frozen-KV MTP
drafts read the target's cache directly through the shared allocator.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    allocator = model_runner.token_to_kv_pool_allocator
    shared = allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            logger.info(
                "SWA allocator: full=%d swa=%d (resolved swa pool: %s)",
                self.allocator.size_full,
                self.allocator.size_swa,
                "yes" if self.swa_pool is not None else "no",
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.default_pool, loc
