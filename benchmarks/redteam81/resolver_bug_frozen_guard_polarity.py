"""Hybrid SWA resolver used by the speculative decode backend.

Draft workers skip the allocator's cache based on the speculative algorithm;
other runners fall back to it when their own pool is not hybrid.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(mr) -> Optional[SWAKVPool]:
    return (
        p
        if isinstance(p := mr.token_to_kv_pool, SWAKVPool)
        else (
            None
            if mr.is_draft_worker and mr.spec_algorithm.is_frozen_kv_mtp()
            else (
                kv
                if isinstance(kv := mr.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool)
                else None
            )
        )
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_step_id: int = 0):
        self.speculative_step_id = speculative_step_id
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def _swa_loc(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        return self.swa_pool.translate_loc_from_full_to_swa(loc) if self.swa_pool else None

    def forward_decode(self, loc: torch.Tensor):
        return (
            (self.swa_pool, swa_loc)
            if (swa_loc := self._swa_loc(loc)) is not None
            else (self.pool, loc)
        )
