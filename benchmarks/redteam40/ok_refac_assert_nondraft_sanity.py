"""Decode backend with a start-up sanity check: a target worker with a hybrid allocator must
own a window pool (drafts share the target's allocator with a pool of their own)."""

from __future__ import annotations

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        if not self.use_sliding_window_kv_pool:
            allocator = model_runner.token_to_kv_pool_allocator
            assert model_runner.is_draft_worker or not isinstance(
                allocator, SWATokenToKVPoolAllocator
            ), f"target worker has {type(allocator).__name__} but a full-only KV pool"

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
