"""Triton-style decode backend sizing KV splits from allocator headroom; SWA from its own pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    num_kv_splits: torch.Tensor
    kv_indices: torch.Tensor
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_kv_splits: int = 8):
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.max_kv_splits = max_kv_splits
        # Total slots the allocator manages; used to scale the split heuristic.
        self.capacity = max(1, int(getattr(self.token_to_kv_pool_allocator, "size", 1)))
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _num_kv_splits(self, bs: int) -> int:
        used = self.capacity - int(self.token_to_kv_pool_allocator.available_size())
        load = used / self.capacity
        splits = self.max_kv_splits if load > 0.5 else max(1, self.max_kv_splits // 2)
        return max(1, min(splits, self.max_kv_splits // max(1, bs // 16)))

    def init_forward_metadata(self, kv_indices: torch.Tensor):
        bs = int(kv_indices.shape[0])
        md = ForwardMetadata(
            num_kv_splits=torch.full((bs,), self._num_kv_splits(bs), dtype=torch.int32),
            kv_indices=kv_indices,
        )
        if self.use_sliding_window_kv_pool:
            md.swa_kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_kv_indices is not None:
            return self.token_to_kv_pool, md.swa_kv_indices
        return self.token_to_kv_pool, md.kv_indices
