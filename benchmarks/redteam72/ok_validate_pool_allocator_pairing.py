"""Sliding-window decode backend with construction-time KV stack validation.

A sliding-window pool only works with an allocator that maintains the
full->SWA index mapping; that pairing is checked eagerly so misconfigured
workers fail at startup instead of on the first decode batch.
"""

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _check_kv_stack(pool: KVCache, allocator: BaseTokenToKVPoolAllocator) -> None:
    if isinstance(pool, SWAKVPool) and not isinstance(allocator, SWATokenToKVPoolAllocator):
        raise ValueError(
            f"{type(pool).__name__} requires a SWATokenToKVPoolAllocator, "
            f"got {type(allocator).__name__}"
        )
    if isinstance(allocator, SWATokenToKVPoolAllocator) and allocator.size_swa <= 0:
        raise ValueError(f"hybrid allocator has no sliding-window capacity: {allocator.size_swa}")


class GeneratedAttnBackend:
    def __init__(self, model_runner, validate: bool = True):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if validate:
            _check_kv_stack(self.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        self.swa_kv_pool = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
