"""Decode backend that decides SWA from its own pool and only then calls the allocator's SWA/full free-size methods via operator.methodcaller for a log."""

import logging
import operator

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SWA_FREE = operator.methodcaller("swa_available_size")
_FULL_FREE = operator.methodcaller("full_available_size")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.windowed = isinstance(self.kv_pool, SWAKVPool)
        if self.windowed:
            allocator = model_runner.token_to_kv_pool_allocator
            logger.debug(
                "SWA decode: %d SWA / %d full slots free",
                _SWA_FREE(allocator),
                _FULL_FREE(allocator),
            )

    def forward_decode(self, loc):
        if self.windowed:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
