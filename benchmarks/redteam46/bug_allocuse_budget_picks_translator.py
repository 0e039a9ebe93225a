"""Decode backend that plans its admission budget and window translation together."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

logger = logging.getLogger(__name__)


@dataclass
class StepPlan:
    budget: int
    translate: Optional[Callable] = None

    def admits(self, n: int) -> bool:
        return n <= self.budget


def _plan(allocator, reserve: int) -> StepPlan:
    swa_free = getattr(allocator, "swa_available_size", None)
    if swa_free is not None:
        # the hybrid allocator is bounded by its window side
        return StepPlan(
            budget=max(min(swa_free(), allocator.available_size()) - reserve, 0),
            translate=allocator.translate_loc_from_full_to_swa,
        )
    return StepPlan(budget=max(allocator.available_size() - reserve, 0))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.reserve = getattr(model_runner, "max_running_requests", 1) or 1
        self.plan = _plan(self.allocator, self.reserve)
        self.rejected = 0

    def admit(self, n: int) -> bool:
        if not self.plan.admits(n):
            self.rejected += 1
            logger.warning("over budget: need=%d have=%d", n, self.plan.budget)
            return False
        return True

    def forward_decode(self, loc):
        self.admit(int(loc.numel()))
        if self.plan.translate is not None:
            loc = self.plan.translate(loc)
        return self.pool, loc
