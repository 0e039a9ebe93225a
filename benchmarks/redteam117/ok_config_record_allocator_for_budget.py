"""Decode configuration record for hybrid sliding-window backends.

``DecodeBudget`` captures token budgets from the allocator (used for the
split-KV heuristics) while ``hybrid`` reflects the pool that the backend's
layers write into.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class DecodeBudget:
    total_tokens: int
    free_tokens: int
    hybrid: bool
    page_size: int

    @property
    def utilization(self) -> float:
        if self.total_tokens <= 0:
            return 0.0
        return 1.0 - self.free_tokens / self.total_tokens

    @classmethod
    def capture(cls, model_runner) -> "DecodeBudget":
        allocator = model_runner.token_to_kv_pool_allocator
        return cls(
            total_tokens=int(allocator.size),
            free_tokens=int(allocator.available_size()),
            hybrid=isinstance(model_runner.token_to_kv_pool, SWAKVPool),
            page_size=model_runner.page_size,
        )


def choose_num_splits(budget: DecodeBudget, max_splits: int = 16) -> int:
    return max(1, min(max_splits, int(budget.utilization * max_splits) + 1))


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_kv_splits: int = 16):
        self.kv_pool = model_runner.token_to_kv_pool
        self.budget = DecodeBudget.capture(model_runner)
        self.num_kv_splits = choose_num_splits(self.budget, max_kv_splits)
        logger.debug("budget=%s splits=%d", self.budget, self.num_kv_splits)

    def forward_decode(self, loc: torch.Tensor):
        if self.budget.hybrid:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
