"""Hybrid SWA decode path with type-only imports of the memory classes.

Only annotations reference the concrete pool/allocator types; at runtime the
backend checks the pool it was given for the SWA translation method.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Tuple, cast

import torch

if TYPE_CHECKING:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
    from sglang.srt.mem_cache.memory_pool import KVCache
    from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_left: int = -1):
        self.window_left = window_left
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator: SWATokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool: Optional[SWAKVPool] = None
        if hasattr(self.kv_pool, "translate_loc_from_full_to_swa"):
            self.swa_pool = cast("SWAKVPool", self.kv_pool)

    def free_slots(self) -> int:
        return self.allocator.available_size()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
