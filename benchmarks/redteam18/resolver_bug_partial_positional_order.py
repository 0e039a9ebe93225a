"""Resolves the SWA pool through functools.partial; the remaining positional arguments are passed as (is_draft, frozen) but the signature expects (frozen_kv, is_draft), so a regular draft looks like a frozen-KV non-draft."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _lookup_swa_pool(model_runner, frozen_kv=False, is_draft=False):
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if is_draft and not frozen_kv:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._lookup = functools.partial(_lookup_swa_pool, model_runner)
        self.swa_kv_pool = self._lookup(
            model_runner.is_draft_worker, model_runner.spec_algorithm.is_frozen_kv_mtp()
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
