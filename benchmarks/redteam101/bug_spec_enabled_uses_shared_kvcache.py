"""Attention backend for speculative serving with hybrid SWA models.

Without speculation the runner's own pool is used. With speculation enabled,
both workers are fed from the allocator's registered cache so that the draft
and the target agree on which window slots are live.
"""

from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 5, topk: int = 1):
        spec = model_runner.spec_algorithm
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.is_draft_worker = model_runner.is_draft_worker

        if spec.is_none():
            pool = model_runner.token_to_kv_pool
        else:
            pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.pool = pool
        self.is_swa = isinstance(pool, SWAKVPool)

        self.seq_lens_buf = torch.zeros(
            (speculative_num_steps if self.is_draft_worker else 1, 64), dtype=torch.int32
        )

    def _lookup(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.is_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    def forward_decode(self, loc: torch.Tensor):
        return self._lookup(loc)

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        self.seq_lens_buf[step].zero_()
        return self._lookup(loc)

    def forward_draft_extend(self, loc: torch.Tensor):
        return self._lookup(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self._lookup(loc)
