import types

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.batch = types.SimpleNamespace(
            token_to_kv_pool=model_runner.token_to_kv_pool,
            token_to_kv_pool_allocator=model_runner.token_to_kv_pool_allocator,
        )

    def forward_decode(self, loc):
        pool = self.batch.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
