from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    _swa_by_runner: dict = {}

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        key = id(model_runner)
        if key not in GeneratedAttnBackend._swa_by_runner:
            GeneratedAttnBackend._swa_by_runner[key] = self._resolve(model_runner)
        self._swa_pool = GeneratedAttnBackend._swa_by_runner[key]

    @staticmethod
    def _resolve(mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
