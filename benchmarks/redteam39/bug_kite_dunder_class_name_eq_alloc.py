"""Triton-style decode backend keyed on the allocator's class for the hybrid SWA layout."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_HYBRID_ALLOCATOR = "SWATokenToKVPoolAllocator"


@dataclass
class TritonDecodeMetadata:
    attn_logits: Optional[torch.Tensor] = None
    attn_lse: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    num_kv_splits: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.num_kv_splits = 8
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = allocator.__class__.__name__ == _HYBRID_ALLOCATOR
        self.forward_metadata: Optional[TritonDecodeMetadata] = None
        self.cuda_graph_num_kv_splits = torch.full(
            (self.max_bs,), self.num_kv_splits, dtype=torch.int32, device=self.device
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_hybrid_swa:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._kv_indices(loc)
