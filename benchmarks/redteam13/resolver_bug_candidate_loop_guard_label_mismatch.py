"""Resolver that walks labelled pool candidates in a loop and skips the shared one for drafts by label."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        skip_shared = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        candidates = [
            ("active", lambda: model_runner.token_to_kv_pool),
            ("allocator", lambda: model_runner.token_to_kv_pool_allocator.get_kvcache()),
        ]
        for label, fetch in candidates:
            if label == "shared" and skip_shared:
                continue
            kv = fetch()
            if isinstance(kv, SWAKVPool):
                return kv
        return None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
