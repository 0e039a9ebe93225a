"""Triton decode backend (from sglang triton_backend.py) with a shared indices helper.

``build_decode_kv_indices`` is also used by our Triton MLA fork. It takes the allocator
only to clamp the number of KV splits against free capacity; translation happens on the
pool the backend reads.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeIndices:
    kv_indices: torch.Tensor
    num_kv_splits: int


def build_decode_kv_indices(
    kv_pool, allocator, loc: torch.Tensor, max_kv_splits: int
) -> DecodeIndices:
    num_splits = max(1, min(max_kv_splits, int(allocator.available_size()) // 64 or 1))
    if isinstance(kv_pool, SWAKVPool):
        kv_indices = kv_pool.translate_loc_from_full_to_swa(loc)
    else:
        kv_indices = loc
    return DecodeIndices(kv_indices=kv_indices, num_kv_splits=num_splits)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_kv_splits: int = 16):
        super().__init__()
        self.device = model_runner.device
        self.max_kv_splits = max_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata: Optional[DecodeIndices] = None

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = build_decode_kv_indices(
            self.token_to_kv_pool, self.token_to_kv_pool_allocator, loc, self.max_kv_splits
        )
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
