"""Decode backend that sanity-checks the allocator against the KV pool at startup.

Page size, dtype and device of the shared token allocator must match the KV pool this worker
reads; a mismatch would corrupt the page tables long before the kernels notice. The
sliding-window split itself is a property of the pool.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _check_compatible(allocator: BaseTokenToKVPoolAllocator, pool: KVCache) -> None:
    assert allocator.page_size == pool.page_size, (
        f"page size mismatch: {type(allocator).__name__}={allocator.page_size} "
        f"vs {type(pool).__name__}={pool.page_size}"
    )
    assert allocator.dtype == pool.dtype, f"dtype mismatch: {allocator.dtype} vs {pool.dtype}"
    assert str(allocator.device) == str(pool.device), "allocator and pool live on different devices"


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = True):
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if strict:
            _check_compatible(allocator, pool)
        self.pool: KVCache = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
