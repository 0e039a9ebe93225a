"""Decode backend that resolves its sliding-window pool lazily in a cached property."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def swa_pool(self):
        runner = self._runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        candidate = runner.token_to_kv_pool_allocator.get_kvcache()
        return candidate if isinstance(candidate, SWAKVPool) else None

    def forward_decode(self, loc):
        swa_pool = self.swa_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
