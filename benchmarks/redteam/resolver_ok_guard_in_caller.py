from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _kvcache_if_swa(allocator):
    kv = allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
        elif mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            self._swa_pool = None
        else:
            self._swa_pool = _kvcache_if_swa(mr.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
