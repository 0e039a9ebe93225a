"""Triton attention backend: sliding-window decode buffer update.

``update_sliding_window_buffer`` is shared by the decode and the multi-step
draft paths; it packs the last ``sliding_window_size`` tokens of each request
and maps them into the SWA pool when the pool is hybrid.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def update_sliding_window_buffer(
    window_kv_indices: torch.Tensor,
    token_to_kv_pool,
    window_kv_indptr: Optional[torch.Tensor] = None,
) -> Tuple[torch.Tensor, torch.Tensor]:
    if window_kv_indptr is None:
        window_kv_indptr = torch.tensor(
            [0, window_kv_indices.shape[0]], dtype=torch.int32, device=window_kv_indices.device
        )
    token_mapping = (
        token_to_kv_pool.full_to_swa_index_mapping
        if isinstance(token_to_kv_pool, SWAKVPool)
        else None
    )
    translated = False
    if token_mapping is not None:
        window_kv_indices = token_mapping[window_kv_indices]
        translated = True
    if not translated and isinstance(token_to_kv_pool, BaseSWAKVPool):
        kv_last_index = window_kv_indptr[-1]
        window_kv_indices = window_kv_indices.clone()
        window_kv_indices[:kv_last_index] = token_to_kv_pool.translate_loc_from_full_to_swa(
            window_kv_indices[:kv_last_index]
        )
    return window_kv_indptr, window_kv_indices


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.page_size = getattr(model_runner, "page_size", 1) or 1

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        _, window_kv_indices = update_sliding_window_buffer(loc, self.token_to_kv_pool)
        return self.token_to_kv_pool, window_kv_indices
