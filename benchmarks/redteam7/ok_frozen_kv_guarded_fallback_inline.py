from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        swa = self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        if swa is None:
            spec = model_runner.spec_algorithm
            reads_target_kv = hasattr(spec, "is_frozen_kv_mtp") and spec.is_frozen_kv_mtp()
            if not model_runner.is_draft_worker or reads_target_kv:
                kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
                swa = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.swa_kv_pool = swa

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
