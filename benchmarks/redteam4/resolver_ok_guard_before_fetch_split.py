from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = None
        self._setup_swa(model_runner)

    def _setup_swa(self, mr):
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
            return
        if self._owns_kv(mr):
            return
        self._adopt_shared(mr.token_to_kv_pool_allocator)

    @staticmethod
    def _owns_kv(mr) -> bool:
        return bool(mr.is_draft_worker) and not mr.spec_algorithm.is_frozen_kv_mtp()

    def _adopt_shared(self, allocator):
        kv = allocator.get_kvcache()
        if isinstance(kv, SWAKVPool):
            self._swa_pool = kv

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
