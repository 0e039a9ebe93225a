from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        own = model_runner.token_to_kv_pool
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        plain_draft = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        self.pool = own
        self._swa_pool = (
            kv if isinstance(kv, SWAKVPool) else own if isinstance(own, SWAKVPool) else None
        )
        if plain_draft and self._swa_pool is own:
            self._swa_pool = None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
