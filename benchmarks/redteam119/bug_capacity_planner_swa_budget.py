"""Decode backend with a capacity planner for speculative headroom.

The planner converts allocator capacity into a per-step token budget. On
hybrid models it also keeps a separate sliding-window budget; a non-zero
SWA budget means decode reads go through the window mapping.
"""

import logging
import math
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class _Budget:
    full_tokens: int
    swa_tokens: int
    page_size: int

    @property
    def full_pages(self) -> int:
        return math.ceil(self.full_tokens / self.page_size)


class _CapacityPlanner:
    def __init__(self, allocator, page_size: int, reserve_ratio: float = 0.1):
        self.allocator = allocator
        self.page_size = max(1, page_size)
        self.reserve_ratio = reserve_ratio

    def plan(self) -> _Budget:
        full_cap = int(getattr(self.allocator, "size_full", self.allocator.size))
        swa_cap = int(getattr(self.allocator, "size_swa", 0))
        keep = 1.0 - self.reserve_ratio
        return _Budget(int(full_cap * keep), int(swa_cap * keep), self.page_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner, reserve_ratio: float = 0.1):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.planner = _CapacityPlanner(
            model_runner.token_to_kv_pool_allocator,
            model_runner.page_size,
            reserve_ratio=reserve_ratio,
        )
        self.budget = self.planner.plan()
        logger.info(
            "decode budget: full=%d pages, swa=%d tokens",
            self.budget.full_pages,
            self.budget.swa_tokens,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.budget.swa_tokens > 0:
            return (
                self.token_to_kv_pool,
                self.token_to_kv_pool.translate_loc_from_full_to_swa(loc),
            )
        return self.token_to_kv_pool, loc
