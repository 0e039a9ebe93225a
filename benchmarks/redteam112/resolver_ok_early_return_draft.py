"""Shared helper used by the FA3 and FlashMLA decode paths to find the SWA pool."""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_swa_kv_pool_for_runner(runner) -> Optional[SWAKVPool]:
    """Pick the SWA pool a runner should index into.

    Non-FROZEN_KV draft workers own their KV pool outright; for them the
    answer is decided by that pool alone. Everyone else may fall back to the
    allocator's backing cache.
    """
    pool = runner.token_to_kv_pool
    own = pool if isinstance(pool, SWAKVPool) else None
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return own
    if own is not None:
        return own
    backing = runner.token_to_kv_pool_allocator.get_kvcache()
    return backing if isinstance(backing, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_step_id: int = 0):
        self.speculative_step_id = speculative_step_id
        self.is_draft_runner = model_runner.is_draft_worker
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool_for_runner(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
