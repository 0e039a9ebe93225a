"""Attention backend using singledispatch for allocator capacity hints and for pool handling."""

import functools
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def capacity_hint(allocator) -> dict:
    return {"tokens": allocator.available_size()}


@capacity_hint.register
def _(allocator: SWATokenToKVPoolAllocator) -> dict:
    return {
        "tokens": allocator.full_available_size(),
        "swa_tokens": allocator.swa_available_size(),
    }


@functools.singledispatch
def swa_view(pool):
    return None


@swa_view.register
def _(pool: SWAKVPool):
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = swa_view(self.token_to_kv_pool)
        self.hint = capacity_hint(self.allocator)
        logger.info("decode capacity hint: %s", self.hint)

    def refresh_hint(self) -> dict:
        self.hint = capacity_hint(self.allocator)
        return self.hint

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
