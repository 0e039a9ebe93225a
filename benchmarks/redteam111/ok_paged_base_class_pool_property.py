"""Shared base class for paged decode backends plus a concrete implementation.

The base class owns the runner handles; subclasses only implement the
per-step kernels.  KV buffer selection is done from the runner's own pool.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _PagedKVBackendBase(AttentionBackend):
    """Holds the allocator (for slot bookkeeping) and the pool (for reads)."""

    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        self.page_size: int = model_runner.page_size
        self._allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self._kv_pool: KVCache = model_runner.token_to_kv_pool

    @property
    def kv_pool(self) -> KVCache:
        return self._kv_pool

    @property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def free_slots_hint(self) -> int:
        return int(self._allocator.available_size())


class GeneratedAttnBackend(_PagedKVBackendBase):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__(model_runner)
        self.num_kv_splits = num_kv_splits
        self._swa = self.swa_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._swa is not None:
            return self._swa, self._swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
