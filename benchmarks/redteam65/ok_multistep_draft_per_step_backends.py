"""Multi-step EAGLE draft backend.

Builds one decode backend per speculative step so each step can own its
metadata and captured buffers. Every step backend is constructed from the same
runner and therefore reads the runner's KV pool.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _StepDecodeBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_step_id: int, topk: int):
        super().__init__()
        self.speculative_step_id = speculative_step_id
        self.topk = topk
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.kv_indices: Optional[torch.Tensor] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.kv_indices = loc

    def read_target(self):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(self.kv_indices)
        return self.kv_pool, self.kv_indices


class GeneratedAttnBackend:
    """Holds ``speculative_num_steps`` step backends; decode runs step 0 first."""

    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 3):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.attn_backends: List[_StepDecodeBackend] = [
            _StepDecodeBackend(model_runner, speculative_step_id=i, topk=topk)
            for i in range(speculative_num_steps - 1)
        ] or [_StepDecodeBackend(model_runner, speculative_step_id=0, topk=topk)]
        logger.debug("built %d draft step backends", len(self.attn_backends))

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        for backend in self.attn_backends:
            backend.init_forward_metadata(loc)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int) -> None:
        for backend in self.attn_backends:
            backend.cuda_graph_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.attn_backends[0].read_target()
