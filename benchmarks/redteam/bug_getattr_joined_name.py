from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_ALLOC_ATTR = "_".join(("token", "to", "kv", "pool", "allocator"))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = getattr(model_runner, _ALLOC_ATTR)
        self.use_swa = isinstance(allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
