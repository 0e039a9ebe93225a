"""Hybrid SWA decode path with type-only imports.

Concrete memory classes are imported under ``TYPE_CHECKING`` only, to keep the
backend module cheap to import on platforms where the SWA allocator pulls in
extra kernels. Runtime detection goes by class name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Tuple

import torch

if TYPE_CHECKING:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
    from sglang.srt.mem_cache.memory_pool import KVCache
    from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_SWA_ALLOCATOR_NAMES = frozenset({"SWATokenToKVPoolAllocator", "PureSWATokenToKVPoolAllocator"})


def _is_swa_allocator(allocator: object) -> bool:
    return type(allocator).__name__ in _SWA_ALLOCATOR_NAMES


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_left: int = -1):
        self.window_left = window_left
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator: Optional[SWATokenToKVPoolAllocator] = None
        if _is_swa_allocator(model_runner.token_to_kv_pool_allocator):
            self.allocator = model_runner.token_to_kv_pool_allocator

    def _swa_pool(self) -> Optional[SWAKVPool]:
        if self.allocator is None:
            return None
        return self.allocator.get_kvcache()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self._swa_pool()
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
