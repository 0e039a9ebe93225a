"""Capacity-aware wrapper that enables the sliding-window decode path.

``_CapacityInfo`` summarises allocator capacity for the backend; a non-zero
SWA capacity switches decode to the windowed KV layout.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class _CapacityInfo:
    full_tokens: int
    swa_tokens: Optional[int]

    @classmethod
    def from_allocator(cls, allocator) -> "_CapacityInfo":
        return cls(
            full_tokens=int(allocator.size),
            swa_tokens=getattr(allocator, "size_swa", None),
        )

    @property
    def windowed(self) -> bool:
        return bool(self.swa_tokens)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.sliding_window_size = sliding_window_size
        self.capacity = _CapacityInfo.from_allocator(model_runner.token_to_kv_pool_allocator)
        self.kv_pool = model_runner.token_to_kv_pool
        logger.info(
            "KV capacity full=%d swa=%s window=%d",
            self.capacity.full_tokens,
            self.capacity.swa_tokens,
            sliding_window_size,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.capacity.windowed:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
