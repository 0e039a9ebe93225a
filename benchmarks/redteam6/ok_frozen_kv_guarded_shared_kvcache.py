from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._pick_swa_pool(model_runner)

    @staticmethod
    def _pick_swa_pool(model_runner):
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        spec = getattr(model_runner, "spec_algorithm", None)
        frozen = spec is not None and getattr(spec, "is_frozen_kv_mtp", lambda: False)()
        if not (model_runner.is_draft_worker and frozen):
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
