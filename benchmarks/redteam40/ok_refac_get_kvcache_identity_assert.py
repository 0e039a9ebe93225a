"""Decode backend that checks the allocator hands out the runner's own pool (targets only:
drafts share the target's allocator) and decides the window path from that pool."""

from __future__ import annotations

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        assert model_runner.is_draft_worker or kvcache is self.token_to_kv_pool, (
            f"allocator serves {type(kvcache).__name__}, runner holds "
            f"{type(self.token_to_kv_pool).__name__}"
        )
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
