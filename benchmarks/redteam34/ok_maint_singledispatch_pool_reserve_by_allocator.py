"""Decode backend with singledispatch helpers: layout by pool, reserve granularity by allocator."""

import functools
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def reserve_granularity(allocator) -> int:
    return int(getattr(allocator, "page_size", 1))


@reserve_granularity.register(SWATokenToKVPoolAllocator)
def _(allocator) -> int:
    # Both sub-allocators must be able to hand out a page.
    return int(allocator.page_size) * 2


@functools.singledispatch
def uses_window_layout(pool) -> bool:
    return False


@uses_window_layout.register(SWAKVPool)
def _(pool) -> bool:
    return True


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.reserve = reserve_granularity(model_runner.token_to_kv_pool_allocator)
        self.window_layout = uses_window_layout(self.kv_pool)
        logger.debug("reserve=%d window_layout=%s", self.reserve, self.window_layout)

    def forward_decode(self, loc):
        if self.window_layout:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
