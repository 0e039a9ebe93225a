"""Sliding-window pool lookup for the double-sparsity decode backend.

Without speculative decoding, the runner's pool is authoritative. With a
speculative algorithm configured, the cache is looked up on the allocator
backing so draft and target agree on the sliding-window layout.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


class GeneratedAttnBackend:
    def __init__(self, model_runner, heavy_token_num: int = 256):
        self.heavy_token_num = heavy_token_num
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self.find_swa_pool(model_runner)

    @staticmethod
    def find_swa_pool(model_runner) -> Optional[BaseSWAKVPool]:
        if model_runner.spec_algorithm.is_none():
            pool = model_runner.token_to_kv_pool
            return pool if isinstance(pool, BaseSWAKVPool) else None
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return backing if isinstance(backing, BaseSWAKVPool) else None

    def _target(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._target(loc)
