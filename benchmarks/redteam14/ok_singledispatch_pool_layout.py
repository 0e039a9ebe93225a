"""Backend that derives its KV layout with a singledispatch function over its own pool type."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.singledispatch
def kv_layout_of(pool) -> str:
    return "full"


@kv_layout_of.register
def _(pool: SWAKVPool) -> str:
    return "hybrid_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.kv_layout = kv_layout_of(self.token_to_kv_pool)

    def forward_decode(self, loc):
        if self.kv_layout == "hybrid_swa":
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
