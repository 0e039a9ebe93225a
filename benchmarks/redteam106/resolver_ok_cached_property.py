"""Decode backend resolving its sliding-window pool lazily through a cached property.

Resolution happens on first use so that pools registered after backend construction (e.g. by
a late `register_mapping`) are picked up.
"""

from functools import cached_property
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, eager: bool = False):
        self._runner = model_runner
        self.req_to_token_pool = model_runner.req_to_token_pool
        if eager:
            _ = self.swa_pool

    @property
    def kv_pool(self) -> KVCache:
        return self._runner.token_to_kv_pool

    @cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        runner = self._runner
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    @property
    def has_sliding_window(self) -> bool:
        return self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.has_sliding_window:
            return self.kv_pool, loc
        swa = self.swa_pool
        return swa, swa.translate_loc_from_full_to_swa(loc)
