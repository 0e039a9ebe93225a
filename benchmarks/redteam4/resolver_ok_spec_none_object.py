from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _frozen(mr) -> bool:
    spec = getattr(mr, "spec_algorithm", None)
    return spec is not None and spec.is_frozen_kv_mtp()


def _swa(obj):
    return obj if isinstance(obj, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        own = _swa(self.pool)
        if own is not None:
            self._swa_pool = own
        elif getattr(mr, "is_draft_worker", False) and not _frozen(mr):
            self._swa_pool = None
        else:
            self._swa_pool = _swa(mr.token_to_kv_pool_allocator.get_kvcache())

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
