"""Decode plan bundling the pool with an optional location translator.

``DecodePlan`` is a frozen dataclass built once per runner; the translator is
a bound method captured at build time so the hot path is a single call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


@dataclass(frozen=True)
class DecodePlan:
    pool: KVCache
    translate: Optional[LocTranslator] = None
    tags: dict = field(default_factory=dict)

    def apply(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self.translate is None else self.translate(loc)


def make_plan(model_runner) -> DecodePlan:
    allocator = model_runner.token_to_kv_pool_allocator
    translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
    return DecodePlan(
        pool=model_runner.token_to_kv_pool,
        translate=translate,
        tags={"allocator": type(allocator).__name__},
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, plan_factory: Callable = make_plan):
        self.plan = plan_factory(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        plan = self.plan
        return plan.pool, plan.apply(loc)
