"""Attention backend whose SWA pool resolution is split between a base class and a draft mixin."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SWAResolverBase:
    def _may_borrow_target_pool(self):
        return True

    def _resolve_swa_kv_pool(self):
        own = self.runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if not self._may_borrow_target_pool():
            return None
        kv = self.runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None


class _DraftAwareMixin:
    def _may_borrow_target_pool(self):
        if not self.runner.is_draft_worker:
            return True
        frozen = getattr(self.runner.spec_algorithm, "is_frozen_kv_mtp", None)
        return bool(frozen and frozen())


class GeneratedAttnBackend(_SWAResolverBase, _DraftAwareMixin):
    def __init__(self, model_runner):
        self.runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_kv_pool()

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
