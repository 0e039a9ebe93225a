from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        is_draft = getattr(mr, "is_draft", False)
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
        elif is_draft and not mr.spec_algorithm.is_frozen_kv_mtp():
            self._swa_pool = None
        else:
            kv = mr.token_to_kv_pool_allocator.get_kvcache()
            self._swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
