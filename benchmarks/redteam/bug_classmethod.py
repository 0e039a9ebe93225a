from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    _windowed_kinds = (SWATokenToKVPoolAllocator,)

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_swa = type(self).supports(model_runner)

    @classmethod
    def supports(cls, model_runner) -> bool:
        return isinstance(model_runner.token_to_kv_pool_allocator, cls._windowed_kinds)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
