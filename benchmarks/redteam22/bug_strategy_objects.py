"""Decode backend that delegates KV index handling to a small indexing strategy object."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class FullIndexing:
    def __init__(self, pool):
        self.pool = pool

    def indices(self, loc):
        return self.pool, loc


class WindowIndexing:
    def __init__(self, swa_pool):
        self.pool = swa_pool

    def indices(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


def pick_indexing(model_runner):
    hybrid = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(hybrid, SWAKVPool):
        return WindowIndexing(hybrid)
    return FullIndexing(model_runner.token_to_kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.indexing = pick_indexing(model_runner)

    def forward_decode(self, loc):
        return self.indexing.indices(loc)
