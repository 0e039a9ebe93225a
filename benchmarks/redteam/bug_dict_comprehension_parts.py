from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_PARTS = ("token_to_kv_pool", "token_to_kv_pool_allocator", "req_to_token_pool")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        parts = {name: getattr(model_runner, name) for name in _PARTS}
        self.pool = parts["token_to_kv_pool"]
        self.use_swa = isinstance(parts["token_to_kv_pool_allocator"], SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
