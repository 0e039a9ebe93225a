from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _own_pool(mr):
    alloc = mr.token_to_kv_pool_allocator
    return getattr(alloc, "_kvcache", None) or mr.token_to_kv_pool


def _plain_draft(mr) -> bool:
    return bool(mr.is_draft_worker) and not mr.spec_algorithm.is_frozen_kv_mtp()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve(model_runner)

    def _resolve(self, mr):
        own = _own_pool(mr)
        if isinstance(own, SWAKVPool):
            return own
        if _plain_draft(mr):
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
