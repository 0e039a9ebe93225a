"""Per-step forward record for the hybrid sliding-window decode backend.

The record stores a ``translate`` callable chosen once when the backend is
built: the allocator's full->SWA mapper when the allocator manages a sliding
window region, identity otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

import torch


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


@dataclass(frozen=True)
class SWAReadPlan:
    kv_pool: Any
    translate: Callable[[torch.Tensor], torch.Tensor]
    label: str = "full"

    def apply(self, loc: torch.Tensor):
        return self.kv_pool, self.translate(loc)


def build_read_plan(model_runner) -> SWAReadPlan:
    allocator = model_runner.token_to_kv_pool_allocator
    translate: Optional[Callable] = getattr(allocator, "translate_loc_from_full_to_swa", None)
    if translate is None:
        return SWAReadPlan(model_runner.token_to_kv_pool, _identity)
    return SWAReadPlan(model_runner.token_to_kv_pool, translate, label="swa")


class GeneratedAttnBackend:
    def __init__(self, model_runner, plan_builder: Callable = build_read_plan):
        self.plan = plan_builder(model_runner)
        self.device = model_runner.device

    def forward_decode(self, loc: torch.Tensor):
        return self.plan.apply(loc)
