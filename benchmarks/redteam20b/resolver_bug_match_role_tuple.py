"""Decode backend that resolves its SWA pool with a match statement over the runner's draft role."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _allocator_swa_pool(runner) -> Optional[SWAKVPool]:
    kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def resolve_swa_pool(runner) -> Optional[SWAKVPool]:
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    role = (bool(runner.is_draft_worker), runner.spec_algorithm.is_frozen_kv_mtp())
    match role:
        case (True, True):
            return None
        case _:
            return _allocator_swa_pool(runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if (swa_pool := self.swa_pool) is None:
            return self.pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
