from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve_swa_kv_pool(model_runner):
    candidates = (
        model_runner.token_to_kv_pool,
        model_runner.token_to_kv_pool_allocator.get_kvcache(),
    )
    return next((p for p in candidates if isinstance(p, SWAKVPool)), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
