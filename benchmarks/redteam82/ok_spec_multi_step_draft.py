"""Multi-step draft decode backend for EAGLE.

One backend instance is created per draft step; all steps read the same KV pool as
their model runner, with SWA remapping when that pool is hybrid.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class _StepBackend:
    def __init__(self, pool, step: int):
        self.pool = pool
        self.step = step
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def read(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3):
        self.speculative_num_steps = speculative_num_steps
        self.spec_algorithm: SpeculativeAlgorithm = model_runner.spec_algorithm
        pool = model_runner.token_to_kv_pool
        self.step_backends: List[_StepBackend] = [
            _StepBackend(pool, i) for i in range(max(1, speculative_num_steps))
        ]
        logger.debug(
            "multi-step backend: steps=%d algo=%s", speculative_num_steps, self.spec_algorithm
        )

    def forward_decode(self, loc: torch.Tensor, step: int = 0):
        return self.step_backends[step].read(loc)
