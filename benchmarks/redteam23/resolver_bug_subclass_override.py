"""Draft-capable backend whose base class decides when the shared allocator's SWA cache may be read."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SWAResolverBase:
    def may_borrow_target_kv(self, mr) -> bool:
        if not mr.is_draft_worker:
            return True
        try:
            return mr.spec_algorithm.is_frozen_kv_mtp()
        except AttributeError:
            return False

    def resolve_swa_pool(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if not self.may_borrow_target_kv(mr):
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend(_SWAResolverBase):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)

    def may_borrow_target_kv(self, mr) -> bool:
        # speculative runners share the target's allocator
        return mr.spec_algorithm.is_speculative() or not mr.is_draft_worker

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
