from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    """Prefer the runner's pool; fall back to the allocator's cache (FROZEN_KV MTP
    drafts read the target's hybrid cache)."""
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
