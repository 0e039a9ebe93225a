from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _frozen_kv(mr) -> bool:
    return getattr(mr, "is_frozen_kv_mtp", lambda: True)()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._pick(model_runner)

    @staticmethod
    def _pick(mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not _frozen_kv(mr):
            return None
        candidate = mr.token_to_kv_pool_allocator.get_kvcache()
        return candidate if isinstance(candidate, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
