"""Decode backend that picks a pre-bound SWA pool resolver from a table keyed by whether KV is private."""

import functools
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve(runner, *, borrow_target_kv: bool) -> Optional[SWAKVPool]:
    pool = runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if not borrow_target_kv:
        return None
    kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


# keyed by "does this runner keep private KV"
_RESOLVERS = {
    True: functools.partial(_resolve, borrow_target_kv=True),
    False: functools.partial(_resolve, borrow_target_kv=False),
}


def _keeps_private_kv(runner) -> bool:
    return bool(runner.is_draft_worker) and not runner.spec_algorithm.is_frozen_kv_mtp()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        resolver = _RESOLVERS[_keeps_private_kv(model_runner)]
        self.swa_pool = resolver(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
