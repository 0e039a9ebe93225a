"""Backend whose sliding-window pool comes from three module helpers: the runner's own pool, a borrowed pool, and a combiner."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _own_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if not isinstance(pool, SWAKVPool):
        return None
    return pool


def _borrowed_swa_pool(model_runner) -> Optional[SWAKVPool]:
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if not isinstance(kv, SWAKVPool):
        return None
    return kv


def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = _own_swa_pool(model_runner)
    if own is not None:
        return own
    return _borrowed_swa_pool(model_runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
