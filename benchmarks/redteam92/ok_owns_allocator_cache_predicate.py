"""Aiter-style decode backend with sliding-window layer support."""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _allocator_cache_is_own(model_runner) -> bool:
    """Whether ``allocator.get_kvcache()`` is the cache this runner attends over."""
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


@dataclass
class DecodeKVView:
    pool: KVCache
    windowed: bool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_num_partitions: int = 64):
        self.max_num_partitions = max_num_partitions
        if _allocator_cache_is_own(model_runner):
            pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            pool = model_runner.token_to_kv_pool
        self.view = DecodeKVView(pool=pool, windowed=isinstance(pool, SWAKVPool))

    def _swa_pool(self) -> Optional[SWAKVPool]:
        return self.view.pool if self.view.windowed else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self._swa_pool()
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.view.pool, loc
