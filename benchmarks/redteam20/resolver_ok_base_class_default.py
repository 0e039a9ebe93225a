"""Backend deriving from a private hybrid base whose class-level default says whether drafts may read the target's KV."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _HybridBackendBase:
    draft_reads_target_kv: bool = False
    supported_page_sizes = (1,)

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)

    def _draft_may_borrow(self, model_runner) -> bool:
        return self.draft_reads_target_kv or model_runner.spec_algorithm.is_frozen_kv_mtp()

    def _resolve_swa_pool(self, model_runner):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if model_runner.is_draft_worker and not self._draft_may_borrow(model_runner):
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(_HybridBackendBase):
    draft_reads_target_kv = False
    supported_page_sizes = (1, 16, 64)
