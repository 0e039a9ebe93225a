"""Backend whose resolver falls back to the allocator's cache unless the runner is a draft that is not FROZEN_KV MTP, written with nested negation."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa(model_runner)

    def _resolve_swa(self, mr):
        if hasattr(mr.token_to_kv_pool, "translate_loc_from_full_to_swa"):
            return mr.token_to_kv_pool
        frozen = mr.spec_algorithm.is_frozen_kv_mtp()
        if not (not mr.is_draft_worker or frozen):
            return None
        fallback = mr.token_to_kv_pool_allocator.get_kvcache()
        return fallback if hasattr(fallback, "translate_loc_from_full_to_swa") else None

    def forward_decode(self, loc):
        swa = self.swa_pool
        if swa is None:
            return self.pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
