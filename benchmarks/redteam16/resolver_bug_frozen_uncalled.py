"""Resolver whose regular-draft guard tests the bound method spec_algorithm.is_frozen_kv_mtp without calling it."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._find_swa_pool(model_runner)

    def _find_swa_pool(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        frozen_kv = mr.spec_algorithm.is_frozen_kv_mtp
        if mr.is_draft_worker and not frozen_kv:
            # a regular draft reads only the KV it wrote itself
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
