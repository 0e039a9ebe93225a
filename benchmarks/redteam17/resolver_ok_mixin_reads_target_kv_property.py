"""Resolver in a mixin whose reads_target_kv property is (not draft) or FROZEN_KV MTP; the backend calls it from __init__."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SWAPoolResolverMixin:
    model_runner = None

    @property
    def reads_target_kv(self) -> bool:
        runner = self.model_runner
        if not runner.is_draft_worker:
            return True
        return runner.spec_algorithm.is_frozen_kv_mtp()

    def resolve_swa_kv_pool(self):
        active = self.model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if self.reads_target_kv:
            kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                return kvcache
        return None


class GeneratedAttnBackend(SWAPoolResolverMixin):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolve_swa_kv_pool()

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
