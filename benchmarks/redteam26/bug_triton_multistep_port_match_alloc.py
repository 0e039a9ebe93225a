"""Triton multi-step draft backend port that matches on the allocator to configure its step backends."""

from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class StepMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None


class _StepBackend:
    def __init__(self, model_runner, kv_pool, windowed: bool, step_id: int):
        self.step_id = step_id
        self.token_to_kv_pool = kv_pool
        self.windowed = windowed
        self.metadata = StepMetadata()
        self._translate = (
            model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa
            if windowed
            else None
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        idx = self._translate(loc) if self._translate is not None else loc
        self.metadata = StepMetadata(kv_indices=idx)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.metadata.kv_indices


class GeneratedAttnBackend:
    """TritonMultiStepDraftBackend: one child backend per speculative step."""

    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 3):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.device = model_runner.device
        self.pool_len = model_runner.req_to_token_pool.req_to_token.shape[1]
        match model_runner.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator():
                windowed = True
            case _:
                windowed = False
        self.kv_indptr = torch.zeros(
            (self.speculative_num_steps, model_runner.req_to_token_pool.size * topk + 1),
            dtype=torch.int32,
            device=self.device,
        )
        self.attn_backends: List[_StepBackend] = [
            _StepBackend(model_runner, model_runner.token_to_kv_pool, windowed, i)
            for i in range(self.speculative_num_steps - 1)
        ]

    def common_template(self, loc: torch.Tensor, call_fn):
        results = [call_fn(i, backend, loc) for i, backend in enumerate(self.attn_backends)]
        return results[0]

    def forward_decode(self, loc: torch.Tensor):
        """First draft step's view: (pool, kv indices)."""
        return self.common_template(loc, lambda i, b, x: b.forward_decode(x))
