"""Hybrid attention backend with windowed decode for interleaved SWA layers.

``self._borrows_allocator`` records whether this runner is an ordinary draft
that only shares the target's allocator (and therefore its index space) but
keeps a private cache.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_debug_log: bool = False):
        self.model_runner = model_runner
        self._borrows_allocator = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = (
            model_runner.token_to_kv_pool if self._borrows_allocator else allocator.get_kvcache()
        )
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        if enable_debug_log:
            logger.info(
                "borrowed_allocator=%s available=%s",
                self._borrows_allocator,
                allocator.available_size(),
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc
