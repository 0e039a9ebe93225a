from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve(model_runner):
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if model_runner.is_draft_worker:
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.full_pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.full_pool, loc
