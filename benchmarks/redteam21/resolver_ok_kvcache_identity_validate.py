"""Backend whose resolver, for non-draft runners, validates that the allocator serves the same SWA pool the runner holds."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve(mr):
    pool = mr.token_to_kv_pool
    if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
        return pool if isinstance(pool, SWAKVPool) else None
    kv = mr.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(pool, SWAKVPool) and kv is not pool:
        raise RuntimeError("allocator serves a different SWA pool than the runner reads")
    if isinstance(pool, SWAKVPool):
        return pool
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
