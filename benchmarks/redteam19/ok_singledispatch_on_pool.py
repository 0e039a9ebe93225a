"""Dispatches on its own pool's type to choose a location translator, then applies it to that pool at decode."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _identity(pool, loc):
    return loc


def _full_to_swa(pool, loc):
    return pool.translate_loc_from_full_to_swa(loc)


@functools.singledispatch
def select_loc_translator(kv_pool):
    """Default: full-attention indices are used as-is."""
    return _identity


@select_loc_translator.register
def _(kv_pool: SWAKVPool):
    return _full_to_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_cache = model_runner.token_to_kv_pool
        # The allocator is shared with the draft worker under speculative decoding;
        # dispatch on the pool this backend actually reads.
        self._translate = select_loc_translator(self.kv_cache)

    def forward_decode(self, loc):
        return self.kv_cache, self._translate(self.kv_cache, loc)
