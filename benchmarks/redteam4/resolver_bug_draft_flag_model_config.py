from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.model_config = model_runner.model_config
        self._swa_pool = None
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
            return
        is_draft = getattr(self.model_config, "is_draft_worker", False)
        if is_draft and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kv, SWAKVPool):
            self._swa_pool = kv

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
