from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        if model_runner.is_draft_worker:
            # the draft shares the allocator but owns its own pool
            pool = model_runner.token_to_kv_pool
        else:
            pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.pool = pool
        self.swa = isinstance(pool, SWAKVPool)

    def forward_decode(self, loc):
        return self.pool, (self.pool.translate_loc_from_full_to_swa(loc) if self.swa else loc)
