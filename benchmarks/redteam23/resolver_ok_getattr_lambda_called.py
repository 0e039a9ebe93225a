"""Backend whose SWA pool falls back to the allocator's cache unless the runner is a plain draft."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        frozen_kv = getattr(mr.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()
        if mr.is_draft_worker and not frozen_kv:
            return None
        fallback = mr.token_to_kv_pool_allocator.get_kvcache()
        return fallback if isinstance(fallback, SWAKVPool) else None

    def forward_decode(self, loc):
        swa = self.swa_pool
        return (self.pool, loc) if swa is None else (swa, swa.translate_loc_from_full_to_swa(loc))
