from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_COPIED = ("token_to_kv_pool", "token_to_kv_pool_allocator", "is_draft_worker", "spec_algorithm")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        for name in _COPIED:
            setattr(self, name, getattr(model_runner, name))
        hybrid = isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
        self.use_sliding_window_kv_pool = hybrid and (
            not self.is_draft_worker or self.spec_algorithm.is_eagle()
        )

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
