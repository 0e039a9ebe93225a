"""Mixin-based decode backend for hybrid attention models.

``_ActivePoolMixin`` centralises how backends look up the cache that is currently serving
the batch; concrete backends only implement the decode step.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _ActivePoolMixin:
    _runner: object

    def _active_kv_pool(self) -> KVCache:
        allocator = self._runner.token_to_kv_pool_allocator
        return allocator.get_kvcache()

    def _active_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self._active_kv_pool()
        return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend(_ActivePoolMixin, AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        AttentionBackend.__init__(self)
        self._runner = model_runner
        self.topk = topk

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self._active_swa_pool()
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self._runner.token_to_kv_pool, loc
