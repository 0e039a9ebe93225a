import operator

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_pool_of = operator.attrgetter("token_to_kv_pool")
_allocator_of = operator.attrgetter("token_to_kv_pool_allocator")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = _pool_of(model_runner)
        self.use_swa = isinstance(_allocator_of(model_runner), SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
