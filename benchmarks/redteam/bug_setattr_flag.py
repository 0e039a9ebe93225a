from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_FLAG = "use_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        setattr(
            self,
            _FLAG,
            isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator),
        )

    def forward_decode(self, loc):
        if getattr(self, _FLAG):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
