from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if not isinstance(kvcache, SWAKVPool):
        return pool if isinstance(pool, SWAKVPool) else None
    if kvcache is pool:
        return kvcache
    spec = model_runner.spec_algorithm
    if hasattr(spec, "is_frozen_kv_mtp") and spec.is_frozen_kv_mtp():
        return kvcache
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
