"""Decode backend that tolerates allocators without a sliding-window side.

Translation of full-cache indices is attempted through the token allocator; allocators
for plain full-attention caches have no translate method, in which case the indices are
used as-is. A scratch slot is claimed per step for padded entries when headroom allows.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, min_headroom: int = 4):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.min_headroom = min_headroom

    def _claim_scratch(self) -> Optional[torch.Tensor]:
        allocator = self.token_to_kv_pool_allocator
        if allocator.available_size() < self.min_headroom:
            return None
        return allocator.alloc(1)

    def forward_decode(self, loc: torch.Tensor):
        scratch = self._claim_scratch()
        try:
            kernel_loc = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            kernel_loc = loc
        if scratch is not None:
            self.token_to_kv_pool_allocator.free(scratch)
        return self.token_to_kv_pool, kernel_loc
