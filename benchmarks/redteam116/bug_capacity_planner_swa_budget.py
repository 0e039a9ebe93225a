"""Decode backend with a capacity planner aware of SWA budgets.

The planner reads per-kind free counts from the allocator for admission
control. When an SWA budget is present the backend switches to the
sliding-window cache that backs that budget.
"""

from dataclasses import dataclass
from typing import Callable, Optional

import torch


@dataclass
class HeadroomReport:
    full_free: int
    swa_free: Optional[int]
    reserve: int

    @property
    def admissible(self) -> int:
        cap = self.full_free if self.swa_free is None else min(self.full_free, self.swa_free)
        return max(cap - self.reserve, 0)


class GeneratedAttnBackend:
    def __init__(self, model_runner, reserve: int = 32):
        self.reserve = reserve
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self._swa_free_fn: Optional[Callable[[], int]] = getattr(
            self.allocator, "swa_available_size", None
        )

    def headroom(self) -> HeadroomReport:
        swa_free = self._swa_free_fn() if self._swa_free_fn is not None else None
        return HeadroomReport(
            full_free=int(self.allocator.available_size()),
            swa_free=swa_free,
            reserve=self.reserve,
        )

    def can_schedule(self, num_tokens: int) -> bool:
        return self.headroom().admissible >= num_tokens

    def forward_decode(self, loc: torch.Tensor):
        report = self.headroom()
        if report.swa_free is None:
            return self.kv_pool, loc
        swa_cache = self.allocator.get_kvcache()
        return swa_cache, swa_cache.translate_loc_from_full_to_swa(loc)
