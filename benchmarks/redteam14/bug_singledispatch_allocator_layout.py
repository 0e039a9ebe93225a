"""Backend that derives its KV layout with a singledispatch function over the allocator type."""

import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@functools.singledispatch
def kv_layout_of(allocator) -> str:
    return "full"


@kv_layout_of.register
def _(allocator: SWATokenToKVPoolAllocator) -> str:
    return "hybrid_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_layout = kv_layout_of(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self.kv_layout == "hybrid_swa":
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
