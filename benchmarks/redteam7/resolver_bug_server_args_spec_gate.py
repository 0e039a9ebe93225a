from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve_swa_kv_pool(model_runner):
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    # without speculative decoding there is one pool, so the allocator's cache is ours
    if model_runner.server_args.speculative_algorithm is None:
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = _resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
