from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

# may this runner fall back to the allocator's kvcache? keyed by (is_draft, frozen_kv)
_MAY_FALL_BACK = {
    (False, False): True,
    (False, True): True,
    (True, True): True,
    (True, False): True,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        key = (bool(mr.is_draft_worker), bool(mr.spec_algorithm.is_frozen_kv_mtp()))
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
        elif _MAY_FALL_BACK[key]:
            kv = mr.token_to_kv_pool_allocator.get_kvcache()
            self._swa_pool = kv if isinstance(kv, SWAKVPool) else None
        else:
            self._swa_pool = None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
