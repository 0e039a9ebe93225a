"""Backend consulting a per-algorithm policy table before borrowing the allocator's SWA cache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

# May a draft of this algorithm read the target's KV cache?
_DRAFT_BORROWS = {"frozen_kv_mtp": True, "eagle": False, "eagle3": False, "standalone": False}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = self._pick(model_runner)

    def _pick(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not _DRAFT_BORROWS.get(mr.spec_algorithm.name.lower(), False):
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa is None:
            return self.pool, loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
