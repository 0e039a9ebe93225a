"""Backend that resolves its SWA pool, borrowing the allocator's cache only for non-speculative or FROZEN_KV MTP runners."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    algo = model_runner.spec_algorithm
    if algo.is_none() or algo.is_frozen_kv_mtp():
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            return cache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
