"""NEXTN (MTP): reserve window headroom for draft tokens; route SWA layers by the read pool."""

import logging
from dataclasses import dataclass, field

logger = logging.getLogger(__name__)


@dataclass
class NextNBudget:
    full_tokens: int = 0
    window_tokens: int = 0
    reserved_for_draft: int = 0
    notes: list = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        steps = getattr(model_runner.server_args, "speculative_num_steps", None) or 1

        # Budgets are allocator business: how many tokens exist in each space.
        self.budget = NextNBudget(
            full_tokens=getattr(allocator, "size_full", allocator.size),
            window_tokens=getattr(allocator, "size_swa", 0),
            reserved_for_draft=max_bs * steps,
        )
        if self.budget.window_tokens and self.budget.window_tokens < self.budget.reserved_for_draft:
            self.budget.notes.append("window budget smaller than draft reservation")
            logger.warning("NEXTN: %s", self.budget.notes[-1])

        # Routing is pool business: translate only when this worker's pool is windowed.
        self._pool_kind = type(self.token_to_kv_pool).__name__
        self.route_window = self._pool_kind.startswith("SWA")

    def headroom(self, in_use: int) -> int:
        return self.budget.full_tokens - in_use - self.budget.reserved_for_draft

    def forward_decode(self, loc):
        if self.route_window:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
