"""Multi-step draft backend that shares slot translation across step children.

The parent inspects the allocator once and hands each per-step child the same
translation callable, so children do not repeat the hybrid-model detection.
"""

import logging
from typing import Callable, List, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class _StepBackend:
    def __init__(self, model_runner, step: int, translate: Optional[Callable]):
        self.step = step
        self.kv_pool = model_runner.token_to_kv_pool
        self.translate = translate

    def forward_decode(self, loc: torch.Tensor):
        if self.translate is not None:
            return self.kv_pool, self.translate(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 4):
        allocator = model_runner.token_to_kv_pool_allocator
        translate = None
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            translate = allocator.translate_loc_from_full_to_swa
        self.steps: List[_StepBackend] = [
            _StepBackend(model_runner, step=i, translate=translate)
            for i in range(max(1, speculative_num_steps - 1))
        ]
        logger.debug("built %d draft step backends", len(self.steps))

    def forward_decode(self, loc: torch.Tensor, step: int = 0):
        return self.steps[step].forward_decode(loc)
