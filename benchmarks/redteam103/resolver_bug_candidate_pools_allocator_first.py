"""Decode backend that prefers the pool registered with the allocator.

The allocator's registered pool is the one whose mapping it maintains, so it
is checked first; the runner's own pool is the fallback for runners whose
allocator was built without a hybrid pool.
"""

from typing import Optional, Sequence

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


def resolve_swa_pool(candidates: Sequence[KVCache]) -> Optional[BaseSWAKVPool]:
    for pool in candidates:
        if issubclass(type(pool), BaseSWAKVPool):
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_wrappers: int = 1):
        self.num_wrappers = num_wrappers
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = resolve_swa_pool((allocator.get_kvcache(), self.token_to_kv_pool))

    @property
    def is_sliding_window(self) -> bool:
        return self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor):
        if not self.is_sliding_window:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
