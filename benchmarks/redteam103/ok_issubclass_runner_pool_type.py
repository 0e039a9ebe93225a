"""Triton-style decode backend with a cached sliding-window flag.

The flag is derived from the concrete class of the runner's token pool: only
``BaseSWAKVPool`` subclasses carry a full -> swa index mapping.
"""

from typing import Type

import torch

from sglang.srt.mem_cache.allocator.base import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


def _is_swa_pool_class(pool_cls: Type[KVCache]) -> bool:
    return issubclass(pool_cls, BaseSWAKVPool)


class GeneratedAttnBackend:
    """Decode path that reads paged KV through the runner's token pool."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        # Kept for alloc/free bookkeeping in the CUDA-graph runner only.
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = _is_swa_pool_class(type(self.token_to_kv_pool))

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        locations = self._translate(loc)
        return self.token_to_kv_pool, locations

    def get_num_kv_splits(self) -> int:
        return self.num_kv_splits
