"""FlashAttention-3-style flag: the window pool is used unless hybrid SWA memory is disabled
on the server; the allocator's page size is checked against the backend's."""

from __future__ import annotations

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        server_args = model_runner.server_args
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        assert allocator.page_size == self.page_size, (
            f"{type(allocator).__name__} pages of {allocator.page_size} tokens, "
            f"backend expects {self.page_size}"
        )
        self.use_sliding_window_kv_pool = not server_args.disable_hybrid_swa_memory and isinstance(
            self.token_to_kv_pool, SWAKVPool
        )

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
