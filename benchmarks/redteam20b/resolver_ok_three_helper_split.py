"""Decode backend that resolves its sliding-window pool through three small module-level helpers."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _own_swa_pool(runner) -> Optional[SWAKVPool]:
    pool = runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _shares_target_kv(runner) -> bool:
    return not runner.is_draft_worker or runner.spec_algorithm.is_frozen_kv_mtp()


def _target_swa_pool(runner) -> Optional[SWAKVPool]:
    kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def resolve_swa_pool(runner) -> Optional[SWAKVPool]:
    own = _own_swa_pool(runner)
    if own is not None:
        return own
    if not _shares_target_kv(runner):
        return None
    return _target_swa_pool(runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
