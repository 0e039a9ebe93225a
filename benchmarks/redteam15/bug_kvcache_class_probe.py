"""Logs the allocator's kvcache class against the backend pool's and decides windowing from the allocator's kvcache class."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if registered is not self.kv_pool:
            logger.info(
                "allocator kvcache is %s, backend pool is %s",
                type(registered).__name__,
                type(self.kv_pool).__name__,
            )
        self.swa = isinstance(registered, SWAKVPool)

    def forward_decode(self, loc):
        if self.swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
