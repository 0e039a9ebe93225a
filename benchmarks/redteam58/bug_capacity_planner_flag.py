"""Sliding-window decode backend that plans its per-step capacity from the allocator."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class CapacityPlan:
    full_tokens: int
    swa_tokens: int
    page_size: int
    hybrid: bool = False

    @property
    def full_pages(self) -> int:
        return (self.full_tokens + self.page_size - 1) // self.page_size

    @property
    def swa_pages(self) -> int:
        return (self.swa_tokens + self.page_size - 1) // self.page_size

    def max_decode_batch(self, window: int) -> int:
        if window <= 0:
            return self.full_tokens
        return max(1, self.swa_tokens // window)


def build_capacity_plan(allocator, page_size: int) -> CapacityPlan:
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return CapacityPlan(
            full_tokens=allocator.size_full,
            swa_tokens=allocator.size_swa,
            page_size=page_size,
            hybrid=True,
        )
    return CapacityPlan(allocator.size, allocator.size, page_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = "cpu"
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None) or 4096
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.plan = build_capacity_plan(model_runner.token_to_kv_pool_allocator, self.page_size)
        logger.debug(
            "capacity plan: full_pages=%d swa_pages=%d max_bs=%d",
            self.plan.full_pages,
            self.plan.swa_pages,
            self.plan.max_decode_batch(self.sliding_window_size),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.plan.hybrid:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
