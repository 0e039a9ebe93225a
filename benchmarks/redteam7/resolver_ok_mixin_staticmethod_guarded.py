from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SWAPoolResolverMixin:
    @staticmethod
    def resolve_swa_kv_pool(
        pool, allocator, is_draft_worker: bool, spec_algorithm
    ) -> Optional[SWAKVPool]:
        if isinstance(pool, SWAKVPool):
            return pool
        frozen = getattr(spec_algorithm, "is_frozen_kv_mtp", lambda: False)()
        if is_draft_worker and not frozen:
            return None
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(SWAPoolResolverMixin):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self.resolve_swa_kv_pool(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            model_runner.is_draft_worker,
            model_runner.spec_algorithm,
        )

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
