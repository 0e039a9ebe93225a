"""Attention backend that dispatches its location transform on the type of the KV pool."""

import functools
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def _decode_locations(pool, loc):
    return loc


@_decode_locations.register
def _(pool: SWAKVPool, loc):
    return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.debug(
                "hybrid SWA allocator %s; pool %s",
                type(allocator).__name__,
                type(self.pool).__name__,
            )

    def forward_decode(self, loc):
        return self.pool, _decode_locations(self.pool, loc)
