"""Hybrid decode backend with a ``from_runner`` alternate constructor.

The primary constructor takes the KV cache directly (handy in tests); runners
use ``from_runner``. ``GeneratedAttnBackend`` keeps the runner-style signature
and delegates to the factory's logic.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class HybridDecodeCore:
    def __init__(self, kv_pool: KVCache, device: Optional[str] = None) -> None:
        self.kv_pool = kv_pool
        self.device = device
        self.swa_pool = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    @classmethod
    def from_runner(cls, model_runner) -> "HybridDecodeCore":
        core = cls(model_runner.token_to_kv_pool, device=model_runner.device)
        logger.debug(
            "built %s (hybrid=%s, allocator=%s)",
            cls.__name__,
            core.swa_pool is not None,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )
        return core

    def decode_view(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    core_cls = HybridDecodeCore

    def __init__(self, model_runner) -> None:
        self.core = self.core_cls.from_runner(model_runner)
        self.page_size = model_runner.page_size

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.core.decode_view(loc)
