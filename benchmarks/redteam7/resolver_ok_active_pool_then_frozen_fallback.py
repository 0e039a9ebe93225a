from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        # regular speculative drafts own a full-only pool
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = _resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
