"""FlashAttention-3-style flag: the window path needs both a window pool and a hybrid
allocator (the allocator's free lists must be the window-aware ones)."""

from __future__ import annotations

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool, SWAKVPool
        ) and isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, (
                self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
            )
        return self.token_to_kv_pool, loc
