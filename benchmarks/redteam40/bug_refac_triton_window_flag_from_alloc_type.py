"""Triton-style decode: the window-pool flag is computed once from the hybrid allocator's type
and passed to ``update_sliding_window_buffer`` by keyword."""

from __future__ import annotations

import logging

import torch

logger = logging.getLogger(__name__)

_HYBRID_ALLOCATORS = ("SWATokenToKVPoolAllocator",)


def update_sliding_window_buffer(
    kv_indices: torch.Tensor, *, token_to_kv_pool, use_sliding_window_kv_pool: bool = False
):
    window_kv_indices = kv_indices.clone()
    if use_sliding_window_kv_pool:
        window_kv_indices = token_to_kv_pool.translate_loc_from_full_to_swa(window_kv_indices)
    return window_kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator_kind = type(model_runner.token_to_kv_pool_allocator).__name__
        self.use_sliding_window_kv_pool = allocator_kind in _HYBRID_ALLOCATORS
        logger.info(
            "triton backend on %s (window pool: %s)",
            allocator_kind,
            self.use_sliding_window_kv_pool,
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, update_sliding_window_buffer(
            loc,
            token_to_kv_pool=self.token_to_kv_pool,
            use_sliding_window_kv_pool=self.use_sliding_window_kv_pool,
        )
