"""Compact decode backend with a one-expression SWA pool resolver."""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.pool = model_runner.token_to_kv_pool
        self.swa = self.resolve(model_runner)

    @staticmethod
    def resolve(mr) -> Optional[SWAKVPool]:
        if isinstance(pool := mr.token_to_kv_pool, SWAKVPool):
            return pool
        own_cache_only = mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()
        if not own_cache_only and isinstance(
            shared := mr.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool
        ):
            return shared
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        return (
            (self.swa, self.swa.translate_loc_from_full_to_swa(loc))
            if self.swa is not None
            else (self.pool, loc)
        )
