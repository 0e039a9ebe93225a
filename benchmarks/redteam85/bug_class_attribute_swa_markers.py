"""Decode backend that detects hybrid sliding-window memory by capability.

Rather than importing allocator classes, the backend checks for the members
listed in ``SWA_MARKERS``; this keeps it working with out-of-tree allocators
that implement the same interface.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    SWA_MARKERS: ClassVar[Tuple[str, ...]] = ("translate_loc_from_full_to_swa", "size_swa")
    name: ClassVar[str] = "generated"

    def __init__(self, model_runner, window_left: int = -1):
        self.model_runner = model_runner
        self.window_left = window_left
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.hybrid_swa = self._has_swa_markers(self.allocator)
        logger.info("[%s] hybrid_swa=%s", self.name, self.hybrid_swa)

    @classmethod
    def _has_swa_markers(cls, obj) -> bool:
        return all(hasattr(obj, marker) for marker in cls.SWA_MARKERS)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.hybrid_swa:
            swa_loc = self.allocator.translate_loc_from_full_to_swa(loc)
            return self.allocator.get_kvcache(), swa_loc
        return self.kv_pool, loc
