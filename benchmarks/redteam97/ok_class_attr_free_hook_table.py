"""Decode backend with allocator-specific release hooks.

``RELEASE_HOOKS`` maps allocator class names to the method used to return
slots after an aborted speculative step; the decode read path resolves its
pool from the runner's ``token_to_kv_pool``.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    RELEASE_HOOKS = {
        "SWATokenToKVPoolAllocator": "free",
        "TokenToKVPoolAllocator": "free",
        "PagedTokenToKVPoolAllocator": "free",
    }
    SWA_ALLOCATORS = frozenset({"SWATokenToKVPoolAllocator"})

    def __init__(self, model_runner, release_hook: Optional[str] = None):
        self.allocator = model_runner.token_to_kv_pool_allocator
        alloc_name = type(self.allocator).__name__
        self._release = getattr(
            self.allocator, release_hook or self.RELEASE_HOOKS.get(alloc_name, "free")
        )
        self.shares_hybrid_allocator = alloc_name in self.SWA_ALLOCATORS
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        if self.shares_hybrid_allocator and self.swa_pool is None:
            logger.info("hybrid allocator with full-only pool; decoding without window remap")

    def release(self, loc: torch.Tensor) -> None:
        self._release(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
