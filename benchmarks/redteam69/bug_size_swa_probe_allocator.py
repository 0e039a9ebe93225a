"""Decode backend for models with a bounded sliding-window KV region.

A non-zero window capacity on the allocator means the server was launched
with a separate SWA token budget, in which case decode reads through the
window index space.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, min_window_tokens: int = 1):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        window_capacity = int(getattr(allocator, "size_swa", 0) or 0)
        self.window_capacity = window_capacity
        self.use_window = window_capacity >= min_window_tokens
        if self.use_window:
            logger.info("SWA token budget: %d", window_capacity)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.use_window:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
