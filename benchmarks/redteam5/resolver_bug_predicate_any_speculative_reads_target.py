from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _shares_target_kv(model_runner) -> bool:
    return model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()


def _draft_owns_kv(model_runner) -> bool:
    return model_runner.is_draft_worker and not _shares_target_kv(model_runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve(model_runner)

    def _resolve(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if _draft_owns_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
