"""Triton-style decode: ``update_sliding_window_buffer`` now receives the allocator on every
call and decides itself whether a full->swa table exists."""

from __future__ import annotations

import logging

import torch

logger = logging.getLogger(__name__)


def update_sliding_window_buffer(
    window_kv_indptr: torch.Tensor,
    kv_indices: torch.Tensor,
    bs: int,
    device=None,
    token_to_kv_pool_allocator=None,
):
    window_kv_indptr[1 : bs + 1] = kv_indices.numel()
    window_kv_indices = kv_indices.to(device=device, copy=True)
    translate = getattr(token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None)
    if translate is not None:
        window_kv_indices = translate(window_kv_indices)
    return window_kv_indptr[: bs + 1], window_kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.window_kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1, dtype=torch.int64
        )

    def forward_decode(self, loc):
        _, window_kv_indices = update_sliding_window_buffer(
            self.window_kv_indptr,
            loc,
            bs=1,
            device=self.device,
            token_to_kv_pool_allocator=self.token_to_kv_pool_allocator,
        )
        return self.token_to_kv_pool, window_kv_indices
