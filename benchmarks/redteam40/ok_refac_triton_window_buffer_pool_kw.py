"""Triton-style decode: ``update_sliding_window_buffer`` takes the KV pool as a keyword and
translates only for a sliding-window pool; the allocator sizes the eager window buffer."""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def update_sliding_window_buffer(
    window_kv_indptr: torch.Tensor,
    kv_indices: torch.Tensor,
    sliding_window_size: Optional[int],
    bs: int,
    device=None,
    token_to_kv_pool=None,
    window_kv_indices: Optional[torch.Tensor] = None,
):
    window = kv_indices.numel() if sliding_window_size is None else sliding_window_size
    window_kv_lens = torch.full((bs,), min(window, kv_indices.numel()), dtype=torch.int64)
    window_kv_indptr[1 : bs + 1] = torch.cumsum(window_kv_lens, dim=0)
    window_kv_indptr = window_kv_indptr[: bs + 1]
    if window_kv_indices is None:
        window_kv_indices = torch.empty(int(window_kv_indptr[-1]), dtype=torch.int64, device=device)
    window_kv_indices.copy_(kv_indices[-window_kv_indices.numel() :])
    if isinstance(token_to_kv_pool, SWAKVPool):
        window_kv_indices = token_to_kv_pool.translate_loc_from_full_to_swa(window_kv_indices)
    return window_kv_indptr, window_kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.sliding_window_size = model_runner.sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # indptr for at most every token slot of the allocator, one request each
        self.window_kv_indptr = torch.zeros(
            min(allocator.size, model_runner.max_running_requests) + 1, dtype=torch.int64
        )

    def forward_decode(self, loc):
        _, window_kv_indices = update_sliding_window_buffer(
            self.window_kv_indptr,
            loc,
            self.sliding_window_size,
            bs=1,
            device=self.device,
            token_to_kv_pool=self.token_to_kv_pool,
        )
        return self.token_to_kv_pool, window_kv_indices
