from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_UNSET = object()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self._swa_kv_pool = _UNSET

    def _resolve_swa_kv_pool(self):
        runner = self._runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if runner.is_draft_worker:
            spec = runner.spec_algorithm
            if not getattr(spec, "is_frozen_kv_mtp", bool)():
                return None
        kv = runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is _UNSET:
            self._swa_kv_pool = self._resolve_swa_kv_pool()
        if self._swa_kv_pool is None:
            return self._runner.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
