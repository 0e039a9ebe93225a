"""Decode backend keyed on the allocator's class name.

Avoids importing the hybrid allocator module on platforms where it is not built by
keying the window setup on ``type(allocator).__name__``.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Dict, Tuple

import torch

logger = logging.getLogger(__name__)

_SWA_ALLOCATOR_NAMES = (
    "SWATokenToKVPoolAllocator",
    "PureSWATokenToKVPoolAllocator",
    "UnifiedSWATokenToKVPoolAllocator",
)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class GeneratedAttnBackend:
    """Decode backend with window-layout hooks selected by allocator name."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        hooks: Dict[str, Callable[[], Tuple[Any, Callable]]] = {
            name: (
                lambda a=allocator: (
                    a.get_kvcache(),
                    a.get_kvcache().translate_loc_from_full_to_swa,
                )
            )
            for name in _SWA_ALLOCATOR_NAMES
        }
        default = lambda: (self.kv_pool, _identity)  # noqa: E731
        alloc_name = type(allocator).__name__
        self.decode_pool, self._loc_fn = hooks.get(alloc_name, default)()
        logger.debug("allocator=%s decode_pool=%s", alloc_name, type(self.decode_pool).__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        return self.decode_pool, self._loc_fn(loc)
