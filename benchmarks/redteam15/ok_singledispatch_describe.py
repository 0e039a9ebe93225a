"""Describes the allocator via singledispatch for the startup log; windowed reads are dispatched on the pool's class instead."""

import functools
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def describe_allocator(allocator) -> str:
    return f"{type(allocator).__name__}(size={allocator.size})"


@describe_allocator.register
def _(allocator: SWATokenToKVPoolAllocator) -> str:
    return f"hybrid(full={allocator.size_full}, swa={allocator.size_swa})"


@functools.singledispatch
def _needs_window_translation(pool) -> bool:
    return False


@_needs_window_translation.register
def _(pool: SWAKVPool) -> bool:
    return True


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        logger.info(
            "attention backend on %s", describe_allocator(model_runner.token_to_kv_pool_allocator)
        )
        self._translate_window = _needs_window_translation(self.pool)

    def forward_decode(self, loc):
        if self._translate_window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
