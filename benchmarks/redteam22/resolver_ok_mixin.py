"""Attention backend that gets SWA pool resolution from a mixin shared across backends."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SWAPoolResolverMixin:
    def _may_borrow_target_pool(self, model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return True
        return model_runner.spec_algorithm.is_frozen_kv_mtp()

    def resolve_swa_kv_pool(self, model_runner):
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if not self._may_borrow_target_pool(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(SWAPoolResolverMixin):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
