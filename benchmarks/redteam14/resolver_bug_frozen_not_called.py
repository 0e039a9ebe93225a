"""FlashAttention-style backend whose cached SWA-pool property tests the frozen-KV method object instead of calling it."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_draft_runner = model_runner.is_draft_worker

    @functools.cached_property
    def swa_kv_pool(self):
        mr = self._model_runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if self.is_draft_runner and not mr.spec_algorithm.is_frozen_kv_mtp:
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        swa_pool = self.swa_kv_pool
        if swa_pool is None:
            return self.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
