from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _is_frozen_kv(spec) -> bool:
    try:
        return bool(spec.is_frozen_kv_mtp())
    except AttributeError:  # releases before FROZEN_KV MTP
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = None
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
        elif not model_runner.is_draft_worker or _is_frozen_kv(model_runner.spec_algorithm):
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kv, SWAKVPool):
                self._swa_pool = kv

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
