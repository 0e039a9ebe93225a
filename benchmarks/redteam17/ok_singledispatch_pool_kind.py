"""Backend dispatching on the type of its own pool with functools.singledispatch to pick a location mapper."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.singledispatch
def _decode_locations(kv_pool, loc):
    return loc


@_decode_locations.register
def _(kv_pool: SWAKVPool, loc):
    return kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size

    def forward_decode(self, loc):
        return self.token_to_kv_pool, _decode_locations(self.token_to_kv_pool, loc)
