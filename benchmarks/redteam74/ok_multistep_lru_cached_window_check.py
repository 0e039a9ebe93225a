"""EAGLE multi-step draft backend built from per-step decode backends.

Each step backend checks whether its cache is hybrid through an ``lru_cache``-d helper keyed by
the cache object, so building ``num_steps`` backends does the isinstance check only once per
cache.
"""

from __future__ import annotations

import functools
import logging
from typing import List

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.lru_cache(maxsize=8)
def _is_window_cache(kv_pool: KVCache) -> bool:
    return isinstance(kv_pool, SWAKVPool)


class StepDecodeBackend:
    def __init__(self, model_runner, step: int):
        self.step = step
        self.kv_pool = model_runner.token_to_kv_pool
        self.window = _is_window_cache(self.kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        if not self.window:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


class EagleMultiStepBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 4):
        self.steps: List[StepDecodeBackend] = []
        for i in range(speculative_num_steps):
            self.steps.append(StepDecodeBackend(model_runner, i))
        logger.debug(
            "EagleMultiStepBackend: %d steps, %s",
            speculative_num_steps,
            model_runner.token_to_kv_pool_allocator.debug_print(),
        )

    def forward_decode(self, loc: torch.Tensor):
        out = None
        for step in self.steps:
            out = step.forward_decode(loc)
        return out


GeneratedAttnBackend = EagleMultiStepBackend
