"""Decode backend that resolves its SWA pool from a generator of candidate pools, first match wins."""

from typing import Iterator, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _candidate_pools(runner) -> Iterator[object]:
    yield runner.token_to_kv_pool
    frozen_kv = runner.spec_algorithm.is_frozen_kv_mtp()
    if not runner.is_draft_worker or not frozen_kv:
        yield runner.token_to_kv_pool_allocator.get_kvcache()


def _first_swa_pool(candidates) -> Optional[SWAKVPool]:
    return next((c for c in candidates if isinstance(c, SWAKVPool)), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _first_swa_pool(_candidate_pools(model_runner))

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
