"""Hybrid SWA decode backend with descriptive ``__repr__`` and debug dumps.

``DebugDescribeMixin`` overrides ``__repr__`` to include allocator details
(class, sliding-window capacity when present) for server logs.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DebugDescribeMixin:
    def __repr__(self) -> str:
        allocator = self.allocator
        swa_cap = getattr(allocator, "size_swa", None)
        parts = [
            f"pool={type(self.kv_pool).__name__}",
            f"allocator={type(allocator).__name__}",
            f"free={allocator.available_size()}",
        ]
        if swa_cap is not None:
            parts.append(f"swa_capacity={swa_cap}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def dump_allocator(self) -> str:
        return self.allocator.debug_print()


class _HybridDecodeBase:
    def __init__(self, model_runner) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None


class GeneratedAttnBackend(DebugDescribeMixin, _HybridDecodeBase):
    def __init__(self, model_runner) -> None:
        super().__init__(model_runner)
        logger.info("initialised %r", self)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.swa_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
