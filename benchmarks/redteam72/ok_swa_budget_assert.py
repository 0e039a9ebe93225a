"""Decode backend with a pre-step KV headroom guard.

Before each decode step the backend checks that the allocator still has room
for at least one token per sequence. Hybrid allocators are checked against
their sliding-window free list, which is the tighter of the two budgets.
"""

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVHeadroomError(RuntimeError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner, check_headroom: bool = True, min_headroom_tokens: int = 0):
        self.check_headroom = check_headroom
        self.min_headroom_tokens = min_headroom_tokens
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_hybrid_allocator = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.is_swa_pool = isinstance(self.kv_pool, SWAKVPool)

    def _headroom(self) -> int:
        if self.is_hybrid_allocator:
            return int(self.allocator.swa_available_size())
        return int(self.allocator.available_size())

    def _check(self, num_tokens: int) -> None:
        headroom = self._headroom()
        if headroom < 0:
            raise KVHeadroomError(f"negative KV headroom reported: {headroom}")
        if headroom < num_tokens:
            raise KVHeadroomError(f"KV headroom {headroom} < {num_tokens} decode tokens")

    def forward_decode(self, loc: torch.Tensor):
        if self.check_headroom:
            self._check(self.min_headroom_tokens)
        if self.is_swa_pool:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
