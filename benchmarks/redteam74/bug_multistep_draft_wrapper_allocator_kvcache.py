"""Multi-step EAGLE draft attention wrapper for hybrid sliding-window models.

Builds one step backend per draft step. The hybrid cache handle is looked up once from the
shared token allocator and passed to all step backends so they agree on the window layout.
"""

from __future__ import annotations

from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _StepBackend:
    __slots__ = ("index", "kv_pool", "hybrid_pool")

    def __init__(self, index: int, kv_pool, hybrid_pool: Optional[SWAKVPool]):
        self.index = index
        self.kv_pool = kv_pool
        self.hybrid_pool = hybrid_pool

    def forward_decode(self, loc: torch.Tensor):
        if self.hybrid_pool is None:
            return self.kv_pool, loc
        return self.hybrid_pool, self.hybrid_pool.translate_loc_from_full_to_swa(loc)


class EagleMultiStepAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3, topk: int = 1):
        self.topk = topk
        self.device = model_runner.device
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        hybrid_pool = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.steps: List[_StepBackend] = [
            _StepBackend(i, model_runner.token_to_kv_pool, hybrid_pool)
            for i in range(speculative_num_steps)
        ]

    def forward_decode(self, loc: torch.Tensor):
        # All steps share one layout; step 0 is representative for decode.
        return self.steps[0].forward_decode(loc)


GeneratedAttnBackend = EagleMultiStepAttnBackend
