import types

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        # a forward-batch-like view, built once
        self.batch = types.SimpleNamespace(
            token_to_kv_pool=model_runner.token_to_kv_pool,
            token_to_kv_pool_allocator=model_runner.token_to_kv_pool_allocator,
        )

    def forward_decode(self, loc):
        if isinstance(self.batch.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
