from collections import namedtuple

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

KVMemory = namedtuple("KVMemory", ["pool", "allocator"])


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.mem = KVMemory(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        self.use_swa = isinstance(self.mem.allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.mem.pool.translate_loc_from_full_to_swa(loc)
        return self.mem.pool, loc
