"""Decode backend that translates indices via a functools.singledispatch on its own pool type, passing the allocator along only for a page-size check."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.singledispatch
def _decode_indices(pool, allocator, loc):
    return loc


@_decode_indices.register
def _(pool: SWAKVPool, allocator, loc):
    if allocator.page_size != pool.page_size:
        raise ValueError("allocator and SWA pool disagree on page size")
    return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        return self.kv_pool, _decode_indices(self.kv_pool, self.allocator, loc)
