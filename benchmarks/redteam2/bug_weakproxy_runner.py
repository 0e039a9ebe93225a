import weakref

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = weakref.proxy(model_runner)  # avoid a runner <-> backend cycle

    def forward_decode(self, loc):
        pool = self.model_runner.token_to_kv_pool
        if isinstance(self.model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
