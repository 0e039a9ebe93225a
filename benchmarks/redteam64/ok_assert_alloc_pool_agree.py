"""SWA decode backend that cross-checks allocator and pool geometry at init.

A mismatch between what the allocator hands out and what the pool can hold shows
up much later as out-of-bounds KV writes, so we assert the invariants eagerly.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _check_pool_geometry(allocator: BaseTokenToKVPoolAllocator, pool: KVCache) -> None:
    assert (
        allocator.page_size == pool.page_size
    ), f"page size mismatch: allocator={allocator.page_size} pool={pool.page_size}"
    assert str(allocator.device) == str(
        pool.device
    ), f"device mismatch: allocator={allocator.device} pool={pool.device}"
    assert (
        allocator.size_full <= pool.size
    ), f"allocator can hand out {allocator.size_full} full slots but pool holds {pool.size}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_geometry_check: bool = False):
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if not skip_geometry_check:
            _check_pool_geometry(allocator, self.token_to_kv_pool)

        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_pool = self.token_to_kv_pool
            if not skip_geometry_check:
                assert allocator.size_swa <= self.swa_pool.size_swa, (
                    f"allocator swa size {allocator.size_swa} exceeds "
                    f"pool swa size {self.swa_pool.size_swa}"
                )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
