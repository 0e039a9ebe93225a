"""Multi-step draft decode backend.

One ``DraftStepState`` is built per speculative step so that CUDA graphs for
each step can be captured independently. Each state records the pool it reads.
"""

from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DraftStepState:
    step: int
    pool: object
    swa_pool: Optional[SWAKVPool]
    kv_indptr: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3, topk: int = 4):
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.is_draft_worker = model_runner.is_draft_worker
        num_states = speculative_num_steps if self.is_draft_worker else 1
        self.states: List[DraftStepState] = [
            self._build_state(model_runner, i) for i in range(num_states)
        ]

    @staticmethod
    def _build_state(model_runner, step: int) -> DraftStepState:
        pool = model_runner.token_to_kv_pool
        swa = pool if isinstance(pool, SWAKVPool) else None
        if swa is None and model_runner.spec_algorithm.is_eagle():
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            swa = cache if isinstance(cache, SWAKVPool) else None
        return DraftStepState(
            step=step,
            pool=pool,
            swa_pool=swa,
            kv_indptr=torch.zeros(65, dtype=torch.int32),
        )

    def _read(self, state: DraftStepState, loc: torch.Tensor):
        if state.swa_pool is not None:
            return state.swa_pool, state.swa_pool.translate_loc_from_full_to_swa(loc)
        return state.pool, loc

    def forward_decode(self, loc: torch.Tensor):
        return self._read(self.states[0], loc)

    def forward_draft_decode(self, loc: torch.Tensor, step: int):
        return self._read(self.states[step], loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self._read(self.states[0], loc)
