"""Backend that records its speculative role at construction and resolves the SWA pool from it."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._init_spec_role(model_runner)
        self._swa_kv_pool = self._resolve_swa_kv_pool()

    def _init_spec_role(self, model_runner):
        self.is_draft_runner = bool(model_runner.is_draft_worker)
        is_frozen = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
        self.reads_target_kv = bool(is_frozen and is_frozen())

    def _resolve_swa_kv_pool(self):
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self.is_draft_runner and not self.reads_target_kv:
            return None
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
