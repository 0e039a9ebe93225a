"""Triton decode backend for hybrid SWA checkpoints (fork).

Our fork avoids importing the SWA allocator module on platforms where its
kernels are unavailable, so hybrid detection compares the allocator class
name instead of using ``isinstance``.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_HYBRID_ALLOCATOR_NAMES = ("SWATokenToKVPoolAllocator", "PureSWATokenToKVPoolAllocator")


def _is_hybrid_allocator(allocator) -> bool:
    return type(allocator).__name__ in _HYBRID_ALLOCATOR_NAMES


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.device = model_runner.device
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = _is_hybrid_allocator(self.token_to_kv_pool_allocator)
        self.cuda_graph_swa_out_cache_loc: Optional[torch.Tensor] = None
        if self.use_sliding_window_kv_pool:
            self.cuda_graph_swa_out_cache_loc = torch.zeros(
                64, dtype=torch.int64, device=self.device
            )
        logger.info(
            "triton backend: kv_splits=%d hybrid_swa=%s",
            num_kv_splits,
            self.use_sliding_window_kv_pool,
        )

    def _window_kv_indices(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return kv_indices
        swa = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        n = swa.shape[0]
        self.cuda_graph_swa_out_cache_loc[:n].copy_(swa)
        return self.cuda_graph_swa_out_cache_loc[:n]

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._window_kv_indices(loc)
