"""Decode backend that dispatches its per-step KV index translation through operator.methodcaller."""

import logging
import operator
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_TO_WINDOW = "translate_loc_from_full_to_swa"


@dataclass
class StepPlan:
    translate: Optional[str]
    page_size: int


def _plan_for(model_runner) -> StepPlan:
    allocator = model_runner.token_to_kv_pool_allocator
    backing = getattr(allocator, "_kvcache", None)
    windowed = isinstance(backing, SWAKVPool)
    return StepPlan(translate=_TO_WINDOW if windowed else None, page_size=allocator.page_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.plan = _plan_for(model_runner)
        logger.debug("step plan: %s", self.plan)
        self.out_cache_loc: Optional[torch.Tensor] = None

    def _apply(self, indices: torch.Tensor) -> torch.Tensor:
        if self.plan.translate is None:
            return indices
        return operator.methodcaller(self.plan.translate, indices)(self.pool)

    def init_forward_metadata(self, forward_batch):
        self.out_cache_loc = self._apply(forward_batch.out_cache_loc)

    def forward_decode(self, loc):
        return self.pool, self._apply(loc)
