"""Decode backend using a ``runtime_checkable`` protocol for hybrid KV support.

The check is made against the KV pool the runner gives this backend: a pool
that structurally supports full-to-window translation is read through its
sliding-window view.
"""

from __future__ import annotations

import logging
from typing import Optional, Protocol, Tuple, runtime_checkable

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@runtime_checkable
class SupportsWindowTranslation(Protocol):
    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...


class GeneratedAttnBackend:
    """Attention backend with a structural check for hybrid sliding-window KV."""

    def __init__(self, model_runner, num_kv_splits: int = 8) -> None:
        self.num_kv_splits = num_kv_splits
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.windowed: Optional[SupportsWindowTranslation] = (
            self.kv_pool if isinstance(self.kv_pool, SupportsWindowTranslation) else None
        )
        allocator = model_runner.token_to_kv_pool_allocator
        if self.windowed is None and isinstance(allocator, SupportsWindowTranslation):
            logger.info("allocator is hybrid but this runner's pool is full-only")

    @property
    def hybrid(self) -> bool:
        return self.windowed is not None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.windowed is None:
            return self.kv_pool, loc
        return self.kv_pool, self.windowed.translate_loc_from_full_to_swa(loc)
