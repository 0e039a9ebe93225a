"""Decode backend for hybrid SWA models that reports KV sharing at startup.

Speculative workers share the target's token allocator, so it is useful to log
whether the cache the allocator was built for is the one this runner reads. This is
informational only; the read path follows the runner's own KV pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.is_draft_worker = model_runner.is_draft_worker
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

        allocator_cache = self.token_to_kv_pool_allocator.get_kvcache()
        self.shares_allocator_cache = allocator_cache is self.token_to_kv_pool
        logger.info(
            "%s worker: pool=%s allocator_cache=%s shared=%s",
            "draft" if self.is_draft_worker else "target",
            type(self.token_to_kv_pool).__name__,
            type(allocator_cache).__name__,
            self.shares_allocator_cache,
        )

        pool = self.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
