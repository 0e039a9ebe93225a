"""Resolver with a correct regular-draft guard, wrapped in a decorator that retries with the allocator's kvcache whenever it returns None."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _with_shared_fallback(resolve):
    @functools.wraps(resolve)
    def wrapper(self, mr):
        pool = resolve(self, mr)
        if pool is None:
            # the allocator always knows the SWA pool it was built over
            kv = mr.token_to_kv_pool_allocator.get_kvcache()
            pool = kv if isinstance(kv, SWAKVPool) else None
        return pool

    return wrapper


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve(model_runner)

    @_with_shared_fallback
    def _resolve(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
