"""Decode backend that takes its KV pool from the allocator via operator.methodcaller("get_kvcache") and decides SWA from that pool."""

import operator

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_KVCACHE_OF = operator.methodcaller("get_kvcache")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        # the allocator owns the index space, so ask it which buffers back those indices
        self.kv_pool = _KVCACHE_OF(model_runner.token_to_kv_pool_allocator)
        self.windowed = isinstance(self.kv_pool, SWAKVPool)
        self.page_size = model_runner.page_size

    def forward_decode(self, loc):
        if self.windowed:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
