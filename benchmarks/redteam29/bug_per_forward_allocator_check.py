"""Decode backend that re-derives its KV source on every step from the runner's current state."""

import logging
from dataclasses import dataclass
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class StepState:
    pool: Any
    loc: torch.Tensor
    windowed: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.step_state: Optional[StepState] = None

    def _prepare_step(self, loc: torch.Tensor) -> StepState:
        runner = self.model_runner
        allocator = runner.token_to_kv_pool_allocator
        # Pools can be swapped between steps (e.g. after a resize), so look
        # them up per step instead of caching them at construction.
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            pool = allocator.get_kvcache()
            return StepState(pool, pool.translate_loc_from_full_to_swa(loc), windowed=True)
        return StepState(runner.token_to_kv_pool, loc)

    def init_forward_metadata(self, loc: torch.Tensor):
        self.step_state = self._prepare_step(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        state = self.step_state
        if state.windowed:
            logger.debug("windowed decode over %d tokens", state.loc.numel())
        return state.pool, state.loc
