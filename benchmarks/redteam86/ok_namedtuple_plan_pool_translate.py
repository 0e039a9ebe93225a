"""Decode plan for hybrid sliding-window attention.

``init_forward_metadata`` captures the pool and a bound location mapper in a
``WindowPlan``; ``forward_decode`` just applies it.
"""

from typing import Callable, NamedTuple, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class WindowPlan(NamedTuple):
    pool: KVCache
    map_loc: Optional[Callable[[torch.Tensor], torch.Tensor]] = None

    def apply(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self.map_loc is None else self.map_loc(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.plan: Optional[WindowPlan] = None

    def init_forward_metadata(self) -> None:
        pool = self.model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            self.plan = WindowPlan(pool, pool.translate_loc_from_full_to_swa)
        else:
            self.plan = WindowPlan(pool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.plan is None:
            self.init_forward_metadata()
        return self.plan.pool, self.plan.apply(loc)
