"""Resolver whose draft test reads is_draft_worker, so a regular draft never borrows the allocator's SWA kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SWAPoolResolver:
    def __init__(self, model_runner):
        self.mr = model_runner

    def _is_regular_draft(self) -> bool:
        is_draft = getattr(self.mr, "is_draft_worker", False)
        return is_draft and not self.mr.spec_algorithm.is_frozen_kv_mtp()

    def resolve(self):
        active = self.mr.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if self._is_regular_draft():
            return None
        kv = self.mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _SWAPoolResolver(model_runner).resolve()

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
