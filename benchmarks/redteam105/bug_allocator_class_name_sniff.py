"""Lightweight decode backend used by the CPU / XPU reference path.

Avoids importing the allocator module (it pulls in CUDA-only kernels on some
platforms) by checking the allocator type name instead of ``isinstance``.
"""

import logging
from typing import Tuple

import torch

logger = logging.getLogger(__name__)

_HYBRID_ALLOCATOR_PREFIXES = ("SWA", "PureSWA")


def _is_hybrid_allocator(allocator) -> bool:
    name = type(allocator).__name__
    return any(name.startswith(prefix) for prefix in _HYBRID_ALLOCATOR_PREFIXES)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: int = 8192):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_context_len = max_context_len
        self.is_hybrid_swa = _is_hybrid_allocator(model_runner.token_to_kv_pool_allocator)
        if self.is_hybrid_swa:
            logger.info("hybrid SWA allocator detected; decode reads the window pool")

    def _resolve_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.is_hybrid_swa:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        locations = self._resolve_locations(loc)
        return self.token_to_kv_pool, locations
