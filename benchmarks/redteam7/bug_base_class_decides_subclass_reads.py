from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class AttentionBackendBase:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def is_sliding_window(self) -> bool:
        return isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend(AttentionBackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.is_sliding_window():
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
