"""Backend whose location mapping is a singledispatch function specialised on the SWA pool class."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.singledispatch
def _map_locations(pool, loc):
    return loc


@_map_locations.register
def _(pool: SWAKVPool, loc):
    return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        return self.token_to_kv_pool, _map_locations(self.token_to_kv_pool, loc)
