from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _reads_own_kv_only(is_draft, frozen_kv):
    return is_draft and not frozen_kv


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        self._swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        if self._swa_pool is None and not _reads_own_kv_only(
            mr.spec_algorithm.is_frozen_kv_mtp(), mr.is_draft_worker
        ):
            kv = mr.token_to_kv_pool_allocator.get_kvcache()
            self._swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
