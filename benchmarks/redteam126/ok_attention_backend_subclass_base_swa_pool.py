"""Hybrid SWA attention backend derived from ``AttentionBackend``.

The backend reads whichever KV cache the runner attached and keys the window
path on that cache being a ``BaseSWAKVPool``. Allocator state is surfaced in
``debug_state`` for troubleshooting only.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


class _RunnerAttachedBackend(AttentionBackend):
    def __init__(self, model_runner) -> None:
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size

    @property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    def debug_state(self) -> Dict[str, Any]:
        allocator = self.model_runner.token_to_kv_pool_allocator
        return {
            "pool": type(self.kv_pool).__name__,
            "allocator": type(allocator).__name__,
            "available": allocator.available_size(),
        }


class _HybridSWAAttnBackend(_RunnerAttachedBackend):
    @property
    def swa_pool(self) -> Optional[BaseSWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, BaseSWAKVPool) else None


class GeneratedAttnBackend(_HybridSWAAttnBackend):
    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
