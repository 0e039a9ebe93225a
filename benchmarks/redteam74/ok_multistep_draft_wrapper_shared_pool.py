"""Multi-step draft attention wrapper.

EAGLE drafting runs ``speculative_num_steps`` decode steps per round; each step gets its own
lightweight backend so per-step metadata can be captured independently. All steps read the
same KV cache, so the sliding-window view is resolved once here and handed to every step.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class StepKVView:
    kv_pool: KVCache
    swa_pool: Optional[SWAKVPool]


class DraftStepBackend:
    def __init__(self, step_id: int, view: StepKVView):
        self.step_id = step_id
        self.view = view

    def forward_decode(self, loc: torch.Tensor):
        if self.view.swa_pool is not None:
            return self.view.swa_pool, self.view.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.view.kv_pool, loc


class MultiStepDraftBackend:
    def __init__(self, model_runner, num_steps: Optional[int] = None):
        if num_steps is None:
            num_steps = model_runner.server_args.speculative_num_steps or 1
        kv_pool = model_runner.token_to_kv_pool
        view = StepKVView(
            kv_pool=kv_pool,
            swa_pool=kv_pool if isinstance(kv_pool, SWAKVPool) else None,
        )
        self.step_backends: List[DraftStepBackend] = [
            DraftStepBackend(i, view) for i in range(num_steps)
        ]
        logger.debug("built %d draft step backends (swa=%s)", num_steps, view.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor, step: int = 0):
        return self.step_backends[step].forward_decode(loc)


class GeneratedAttnBackend(MultiStepDraftBackend):
    pass
