"""Lightweight hybrid-window decode backend.

The full->SWA index table is gathered through a small lambda so the kernel wrapper does
not have to know about cache layouts. The allocator's free count is sampled each step for
the memory dashboard.
"""

import logging
from typing import List

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, history: int = 32):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.allocator = allocator
        self.history = history
        self.free_samples: List[int] = []
        if hasattr(allocator, "full_to_swa_index_mapping"):
            self.to_kernel_loc = lambda full_loc: allocator.full_to_swa_index_mapping[full_loc]
        else:
            self.to_kernel_loc = lambda full_loc: full_loc

    def _sample_free(self) -> None:
        self.free_samples.append(self.allocator.available_size())
        if len(self.free_samples) > self.history:
            self.free_samples.pop(0)

    def forward_decode(self, loc: torch.Tensor):
        self._sample_free()
        return self.kv_pool, self.to_kernel_loc(loc)
