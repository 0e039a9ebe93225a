"""Resolver that skips a regular draft only when the shared allocator lacks a full_to_swa_index_mapping, so on a hybrid model the draft gets the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool()

    def _resolve_swa_pool(self):
        mr = self.model_runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        allocator = mr.token_to_kv_pool_allocator
        regular_draft = mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()
        # Drafts of non-hybrid targets have nothing to borrow.
        if regular_draft and not hasattr(allocator, "full_to_swa_index_mapping"):
            return None
        kv = allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
