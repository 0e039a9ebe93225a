"""Hybrid attention dispatcher: route full and sliding-window decode separately.

Wraps a full-attention sub-backend and a sliding-window sub-backend. The
dispatcher decides at construction whether the deployment uses a hybrid SWA
KV layout; without one, every call goes to the full sub-backend.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class _FullDecode:
    def __init__(self, pool: KVCache):
        self.pool = pool

    def run(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.pool, loc


class _SlidingWindowDecode:
    def __init__(self, swa_pool: KVCache):
        self.swa_pool = swa_pool

    def run(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, prefer_swa: bool = True):
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_backend = _FullDecode(model_runner.token_to_kv_pool)
        self.swa_backend: Optional[_SlidingWindowDecode] = None
        layout = type(allocator).__name__
        if prefer_swa and layout.startswith("SWA"):
            self.swa_backend = _SlidingWindowDecode(allocator.get_kvcache())
        logger.info(
            "hybrid dispatcher: allocator=%s swa_backend=%s",
            layout,
            self.swa_backend is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        backend = self.swa_backend if self.swa_backend is not None else self.full_backend
        return backend.run(loc)
