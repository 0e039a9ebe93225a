"""Decode planning for windowed attention.

A ``DecodePlan`` named tuple carries the pool and a location-mapping callable, built
once in ``init_forward_metadata`` and replayed by every ``forward_decode``.
"""

from typing import Callable, NamedTuple, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class DecodePlan(NamedTuple):
    pool: KVCache
    map_loc: Callable[[torch.Tensor], torch.Tensor]
    windowed: bool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self._plan: Optional[DecodePlan] = None

    def _make_plan(self) -> DecodePlan:
        pool = self.model_runner.token_to_kv_pool
        allocator = self.model_runner.token_to_kv_pool_allocator
        mapper = getattr(allocator, "translate_loc_from_full_to_swa", None)
        if mapper is None:
            return DecodePlan(pool=pool, map_loc=_identity, windowed=False)
        return DecodePlan(pool=pool, map_loc=mapper, windowed=True)

    def init_forward_metadata(self) -> None:
        self._plan = self._make_plan()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._plan is None:
            self.init_forward_metadata()
        plan = self._plan
        return plan.pool, plan.map_loc(loc)
