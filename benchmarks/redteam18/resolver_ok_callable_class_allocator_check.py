"""Resolves the SWA pool with a callable resolver class built per runner; the allocator's class is checked only after the regular-draft gate has already returned None."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SWAPoolResolver:
    """Finds the hybrid pool a backend translates full indices against."""

    def __init__(self, *, allow_target_pool: bool):
        self.allow_target_pool = allow_target_pool

    @classmethod
    def for_runner(cls, model_runner) -> "SWAPoolResolver":
        return cls(
            allow_target_pool=not model_runner.is_draft_worker
            or model_runner.spec_algorithm.is_frozen_kv_mtp()
        )

    def __call__(self, model_runner):
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if not self.allow_target_pool:
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        if not isinstance(allocator, SWATokenToKVPoolAllocator):
            return None
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = SWAPoolResolver.for_runner(model_runner)(model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
