"""Decode backend using a ``runtime_checkable`` protocol for hybrid KV support.

Rather than importing every hybrid allocator class, the backend asks whether
the runner's memory manager structurally supports full-to-window translation.
"""

from __future__ import annotations

import logging
from typing import Protocol, Tuple, runtime_checkable

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@runtime_checkable
class SupportsWindowTranslation(Protocol):
    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...

    def get_kvcache(self) -> KVCache: ...


class GeneratedAttnBackend:
    """Attention backend with a structural check for hybrid sliding-window KV."""

    def __init__(self, model_runner, num_kv_splits: int = 8) -> None:
        self.num_kv_splits = num_kv_splits
        self.device = model_runner.device
        self.default_pool: KVCache = model_runner.token_to_kv_pool
        manager = model_runner.token_to_kv_pool_allocator
        self.window_manager = manager if isinstance(manager, SupportsWindowTranslation) else None

    @property
    def hybrid(self) -> bool:
        return self.window_manager is not None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.window_manager is None:
            return self.default_pool, loc
        pool = self.window_manager.get_kvcache()
        return pool, self.window_manager.translate_loc_from_full_to_swa(loc)
