from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SWAResolverMixin:
    @classmethod
    def _is_frozen_kv_draft(cls, model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return False
        spec = model_runner.spec_algorithm
        return bool(spec and spec.is_frozen_kv_mtp())

    @classmethod
    def resolve_swa_kv_pool(cls, model_runner):
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if not cls._is_frozen_kv_draft(model_runner):
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        if not isinstance(kvcache, SWAKVPool):
            return None
        return kvcache


class GeneratedAttnBackend(_SWAResolverMixin):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self.resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
