"""Resolver evaluated lazily on first use through functools.cached_property."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def _swa_kv_pool(self):
        return self._resolve_swa_kv_pool(self.model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        spec = model_runner.spec_algorithm
        try:
            frozen = spec.is_frozen_kv_mtp()
        except AttributeError:
            frozen = False
        if model_runner.is_draft_worker and not frozen:
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
