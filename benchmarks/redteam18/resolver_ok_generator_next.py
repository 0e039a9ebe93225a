"""Resolves the SWA pool with next() over a generator that yields the own pool and returns before yielding the allocator's kvcache for a regular draft."""

from typing import Iterator

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _kv_pool_candidates(model_runner) -> Iterator[object]:
    yield model_runner.token_to_kv_pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return
    # Target workers and FROZEN_KV drafts may read the pool behind the shared allocator.
    yield model_runner.token_to_kv_pool_allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = next(
            (cand for cand in _kv_pool_candidates(model_runner) if isinstance(cand, SWAKVPool)),
            None,
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
