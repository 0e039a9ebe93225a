import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _fallback_to_shared(resolve):
    @functools.wraps(resolve)
    def wrapper(mr):
        pool = resolve(mr)
        if pool is None:
            kv = mr.token_to_kv_pool_allocator.get_kvcache()
            pool = kv if isinstance(kv, SWAKVPool) else None
        return pool

    return wrapper


@_fallback_to_shared
def _resolve_swa_pool(mr):
    pool = mr.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
        return None
    kv = mr.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = _resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
