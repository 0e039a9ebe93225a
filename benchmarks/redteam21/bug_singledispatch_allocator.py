"""Backend whose location mapping is a singledispatch function specialised on the SWA allocator class."""

import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@functools.singledispatch
def _map_locations(allocator, pool, loc):
    return loc


@_map_locations.register
def _(allocator: SWATokenToKVPoolAllocator, pool, loc):
    return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        return pool, _map_locations(self.allocator, pool, loc)
