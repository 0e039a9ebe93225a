from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        match (isinstance(alloc, SWATokenToKVPoolAllocator), model_runner.is_draft_worker):
            case (True, _):
                self.swa_pool = alloc.get_kvcache()
            case (False, True):
                self.swa_pool = None
            case _:
                self.swa_pool = None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
