"""Backend that lets EAGLE-family MTP drafts read the target's SWA cache through the shared allocator."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.runner = model_runner
        self.swa_pool = self._resolve()

    def _resolve(self):
        mr = self.runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        shares_target_kv = mr.spec_algorithm.is_eagle()
        if mr.is_draft_worker and not shares_target_kv:
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
