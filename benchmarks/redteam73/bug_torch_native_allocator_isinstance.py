"""Torch-native SDPA backend for hybrid sliding-window models.

Hybrid SWA is detected from the token allocator: the SWA allocator is only
constructed when the model config declares sliding-window layers, so it is
the most direct signal that the cache is split.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.forward_metadata = None
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        # full->SWA translated out_cache_loc, computed once per forward
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, out_cache_loc: Optional[torch.Tensor]) -> None:
        """Init the metadata for a forward pass."""
        if self.use_sliding_window_kv_pool and out_cache_loc is not None:
            self.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        else:
            self.swa_out_cache_loc = None

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        if self.swa_out_cache_loc is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.swa_out_cache_loc
