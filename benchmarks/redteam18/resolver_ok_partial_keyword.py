"""Resolves the SWA pool through functools.partial binding a keyword-only local_only flag computed from is_draft_worker and is_frozen_kv_mtp()."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _swa_pool_for(model_runner, *, local_only: bool):
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    if local_only:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        resolve = functools.partial(
            _swa_pool_for,
            local_only=bool(model_runner.is_draft_worker)
            and not model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )
        self.swa_pool = resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
