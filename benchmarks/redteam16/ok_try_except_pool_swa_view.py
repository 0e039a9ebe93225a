"""Decode backend that probes its own pool for swa_kv_pool with try/except/else; an allocator isinstance only explains the draft case in a log."""

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        try:
            swa_view = self.kv_pool.swa_kv_pool
        except AttributeError:
            self.swa_view = None
            if isinstance(allocator, SWATokenToKVPoolAllocator):
                logger.info(
                    "full-only KV pool on a shared SWA allocator (speculative draft); "
                    "decoding without the SWA remap"
                )
        else:
            self.swa_view = swa_view
            self.swa_head_dim = swa_view.head_dim

    def forward_decode(self, loc):
        if self.swa_view is None:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
