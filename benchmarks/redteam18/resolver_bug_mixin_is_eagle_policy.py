"""Resolves the SWA pool via a mixin whose draft policy treats every EAGLE-family draft (is_eagle()) as reading the target's KV, so a regular EAGLE draft takes the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SharedKVPolicyMixin:
    """Which KV pool a draft worker may read besides its own."""

    def _draft_may_read_target_kv(self, model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return True
        algo = model_runner.spec_algorithm
        if algo.is_frozen_kv_mtp():
            return True
        # EAGLE-family drafts share the target's allocator, and with it its hybrid pool.
        return algo.is_eagle()

    def _swa_pool(self, model_runner):
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if not self._draft_may_read_target_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(_SharedKVPolicyMixin):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
