"""Multi-step draft attention backend for EAGLE on hybrid sliding-window models.

Each speculative step owns a small decode backend that reads the runner's KV pool; when
that pool is a hybrid SWA pool, sliding-window indices are translated into it.
"""

from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class StepMetadata:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor


class _StepBackend:
    def __init__(self, model_runner, step_id: int):
        self.step_id = step_id
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self.pool if isinstance(self.pool, SWAKVPool) else None
        self.metadata: Optional[StepMetadata] = None

    def init_forward_metadata(self, kv_indptr: torch.Tensor, kv_indices: torch.Tensor):
        if self.swa_pool is not None:
            kv_indices = self.swa_pool.translate_loc_from_full_to_swa(kv_indices)
        self.metadata = StepMetadata(kv_indptr=kv_indptr, kv_indices=kv_indices)


class GeneratedAttnBackend:
    """EAGLE multi-step draft backend; step 0 is used for the plain decode call."""

    def __init__(self, model_runner, speculative_num_steps: int = 4, topk: int = 2):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.kv_indptr = torch.zeros(
            (speculative_num_steps, self.max_bs * topk + 1), dtype=torch.int32, device=self.device
        )
        self.attn_backends: List[_StepBackend] = []
        for i in range(speculative_num_steps - 1):
            self.attn_backends.append(_StepBackend(model_runner, i))

    def common_template(self, out_cache_loc: torch.Tensor, call_fn):
        bs = out_cache_loc.numel()
        for i in range(self.speculative_num_steps - 1):
            self.kv_indptr[i, 1 : bs + 1] = torch.arange(1, bs + 1, dtype=torch.int32)
            call_fn(i, self.kv_indptr[i, : bs + 1], out_cache_loc)

    def forward_decode(self, loc):
        def call_fn(i, kv_indptr, kv_indices):
            self.attn_backends[i].init_forward_metadata(kv_indptr, kv_indices)

        self.common_template(loc, call_fn)
        step0 = self.attn_backends[0]
        return step0.pool, step0.metadata.kv_indices
