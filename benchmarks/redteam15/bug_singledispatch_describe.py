"""Describes the allocator via singledispatch for the startup log and translates when the description says the KV is hybrid."""

import functools
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@functools.singledispatch
def describe_allocator(allocator) -> str:
    return f"{type(allocator).__name__}(size={allocator.size})"


@describe_allocator.register
def _(allocator: SWATokenToKVPoolAllocator) -> str:
    return f"hybrid(full={allocator.size_full}, swa={allocator.size_swa})"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._desc = describe_allocator(model_runner.token_to_kv_pool_allocator)
        logger.info("attention backend on %s", self._desc)

    def forward_decode(self, loc):
        if self._desc.startswith("hybrid("):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
