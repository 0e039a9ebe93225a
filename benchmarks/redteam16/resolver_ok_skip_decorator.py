"""Resolver wrapped in a decorator that short-circuits regular (non-FROZEN_KV) drafts to their own pool before the allocator fallback runs."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _regular_draft_owns_kv(resolve):
    """A regular draft reads only its own KV; only targets and FROZEN_KV MTP drafts reach ``resolve``."""

    @functools.wraps(resolve)
    def wrapper(self, mr):
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            own = mr.token_to_kv_pool
            return own if isinstance(own, SWAKVPool) else None
        return resolve(self, mr)

    return wrapper


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve(model_runner)

    @_regular_draft_owns_kv
    def _resolve(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
