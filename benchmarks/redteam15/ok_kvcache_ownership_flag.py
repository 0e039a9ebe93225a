"""Records whether the allocator's kvcache is someone else's pool (for the HiCache hook); windowing is decided from the own pool."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
        # A draft shares the target's allocator: host-offload hooks must not be installed twice.
        self.shares_foreign_allocator = registered is not self.kv_pool
        if self.shares_foreign_allocator:
            logger.info(
                "allocator kvcache is %s, backend pool is %s: skipping HiCache hook",
                type(registered).__name__,
                type(self.kv_pool).__name__,
            )
        self.swa = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
