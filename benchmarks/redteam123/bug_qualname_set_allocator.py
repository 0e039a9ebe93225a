"""Torch-native decode path with sliding-window index remapping.

Allocators that maintain a full->window index table are recognised by their
qualified class name so out-of-tree allocator subclasses registered under the
same names keep working.
"""

from __future__ import annotations

import logging
from typing import Callable, FrozenSet, Optional

import torch

logger = logging.getLogger(__name__)

WINDOWED_ALLOCATOR_QUALNAMES: FrozenSet[str] = frozenset(
    {
        "SWATokenToKVPoolAllocator",
        "UnifiedSWATokenToKVPoolAllocator",
        "PureSWATokenToKVPoolAllocator",
    }
)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_logging: bool = True):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._remap: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if type(allocator).__qualname__ in WINDOWED_ALLOCATOR_QUALNAMES:
            self._remap = allocator.translate_loc_from_full_to_swa
        if enable_logging:
            logger.info(
                "torch-native decode: remap=%s (allocator=%s)",
                self._remap is not None,
                type(allocator).__qualname__,
            )

    def forward_decode(self, loc: torch.Tensor):
        locations = self._remap(loc) if self._remap is not None else loc
        return self.kv_pool, locations
