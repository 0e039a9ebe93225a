"""Decode backend whose SWA pool resolver takes the runner's role as keyword-only arguments."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(
    pool, allocator, *, is_draft: bool = False, frozen_kv: bool = False
) -> Optional[SWAKVPool]:
    if isinstance(pool, SWAKVPool):
        return pool
    if is_draft and not frozen_kv:
        return None
    kvcache = allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            frozen_kv=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
