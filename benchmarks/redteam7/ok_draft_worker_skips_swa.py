from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if model_runner.is_draft_worker:
            # draft models are full-attention only; they never see the window pool
            self.swa_pool = None
        else:
            alloc = model_runner.token_to_kv_pool_allocator
            self.swa_pool = (
                alloc.get_kvcache() if isinstance(alloc, SWATokenToKVPoolAllocator) else None
            )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
