"""Decode-side capacity planning for hybrid sliding-window attention.

The backend builds a small, immutable capacity plan when it is constructed so that
decode metadata (page tables, workspace) can be sized once and reused across CUDA
graph replays.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVCapacityPlan:
    full_tokens: int
    window_tokens: int
    page_size: int

    @property
    def full_pages(self) -> int:
        return self.full_tokens // max(self.page_size, 1)

    @property
    def window_pages(self) -> int:
        return self.window_tokens // max(self.page_size, 1)

    @property
    def has_window(self) -> bool:
        return self.window_pages > 0


def build_capacity_plan(allocator, page_size: int) -> KVCapacityPlan:
    full = int(getattr(allocator, "size_full", allocator.size))
    window = int(getattr(allocator, "size_swa", 0) or 0)
    return KVCapacityPlan(full_tokens=full, window_tokens=min(window, full), page_size=page_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = max_bs
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.plan = build_capacity_plan(model_runner.token_to_kv_pool_allocator, self.page_size)
        self.page_table = torch.zeros(
            (max_bs, max(1, self.plan.full_pages // max_bs)), dtype=torch.int32
        )
        logger.debug(
            "capacity plan: full_pages=%d window_pages=%d",
            self.plan.full_pages,
            self.plan.window_pages,
        )

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.plan.has_window:
            return self.kv_pool, self._window_locations(loc)
        return self.kv_pool, loc
