"""Resolver as a module-level function with keyword-only arguments; the draft/FROZEN_KV guard precedes the allocator fetch."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(
    *, active_pool, allocator, is_draft_worker: bool, frozen_kv_mtp: bool
) -> Optional[SWAKVPool]:
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    if is_draft_worker and not frozen_kv_mtp:
        return None
    candidate = allocator.get_kvcache()
    if not isinstance(candidate, SWAKVPool):
        return None
    return candidate


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(
            active_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            is_draft_worker=model_runner.is_draft_worker,
            frozen_kv_mtp=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
