"""Dispatches on the allocator's type to choose a location translator, then applies it to its own pool at decode."""

import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _identity(pool, loc):
    return loc


def _full_to_swa(pool, loc):
    return pool.translate_loc_from_full_to_swa(loc)


@functools.singledispatch
def select_loc_translator(allocator):
    """Default: full-attention indices are used as-is."""
    return _identity


@select_loc_translator.register
def _(allocator: SWATokenToKVPoolAllocator):
    return _full_to_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_cache = model_runner.token_to_kv_pool
        self._translate = select_loc_translator(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        return self.kv_cache, self._translate(self.kv_cache, loc)
