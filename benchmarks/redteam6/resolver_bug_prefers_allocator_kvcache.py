from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, model_runner):
        # The allocator is set once and never swapped by spec views: the stable source of truth.
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        active = model_runner.token_to_kv_pool
        return active if isinstance(active, SWAKVPool) else None

    def forward_decode(self, loc):
        swa = self._swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
