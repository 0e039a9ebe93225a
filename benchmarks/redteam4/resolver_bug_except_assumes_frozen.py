from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _shares_target_kv(mr) -> bool:
    if not mr.is_draft_worker:
        return True
    try:
        return mr.speculative_algorithm.is_frozen_kv_mtp()
    except AttributeError:
        # older runners: keep the previous behaviour and share the target's cache
        return True


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
        elif _shares_target_kv(model_runner):
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self._swa_pool = kv if isinstance(kv, SWAKVPool) else None
        else:
            self._swa_pool = None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
