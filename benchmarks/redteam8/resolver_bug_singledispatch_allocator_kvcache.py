import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@functools.singledispatch
def swa_pool_of(allocator):
    return None


@swa_pool_of.register
def _(allocator: SWATokenToKVPoolAllocator):
    return allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = swa_pool_of(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.default_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
