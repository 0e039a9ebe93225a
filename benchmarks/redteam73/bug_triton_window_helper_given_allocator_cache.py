"""Triton attention backend: sliding-window decode buffer update.

The helper takes the KV cache whose mapping is used for the window indices;
the backend passes the allocator-managed cache, which is where the allocator
registers ``full_to_swa_index_mapping``.
"""

from __future__ import annotations

from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def update_sliding_window_buffer(
    window_kv_indices: torch.Tensor, token_to_kv_pool
) -> Tuple[bool, torch.Tensor]:
    token_mapping = (
        token_to_kv_pool.full_to_swa_index_mapping
        if isinstance(token_to_kv_pool, SWAKVPool)
        else None
    )
    if token_mapping is not None:
        return True, token_mapping[window_kv_indices]
    if isinstance(token_to_kv_pool, BaseSWAKVPool):
        return True, token_to_kv_pool.translate_loc_from_full_to_swa(window_kv_indices)
    return False, window_kv_indices


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(model_runner, "page_size", 1) or 1

    def forward_decode(self, loc: torch.Tensor):
        kv_cache = self.token_to_kv_pool_allocator.get_kvcache()
        translated, window_kv_indices = update_sliding_window_buffer(loc, kv_cache)
        if translated:
            return kv_cache, window_kv_indices
        return self.token_to_kv_pool, window_kv_indices
