"""FlashInfer decode backend with a sliding-window aware KV view.

The kv_indptr / kv_indices workspace is sized from the allocator capacity so the
CUDA-graph path never has to reallocate.  Hybrid SWA models are detected from the
allocator type created by the scheduler.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DecodeWorkspace:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 64):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        capacity = int(allocator.size)
        self.workspace = DecodeWorkspace(
            kv_indptr=torch.zeros(max_bs + 1, dtype=torch.int32),
            kv_indices=torch.zeros(max(capacity, 1), dtype=torch.int32),
        )
        pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool = pool
        self.swa_kv_pool: Optional[object] = (
            pool if isinstance(allocator, SWATokenToKVPoolAllocator) else None
        )
        logger.debug(
            "flashinfer workspace: %d indices, swa=%s", capacity, self.swa_kv_pool is not None
        )

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self._translate(loc)
        return self.token_to_kv_pool, loc
