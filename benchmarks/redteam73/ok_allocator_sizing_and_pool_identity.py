"""Hybrid attention backend: decode buffers sized from the allocator.

Scratch buffers are sized from the allocator's token capacity (shared between
target and draft). Whether the runner reads a pool shared with its allocator
is only reported for diagnostics.
"""

from __future__ import annotations

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, scratch_ratio: float = 0.0):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.max_total_num_tokens = int(allocator.size)
        self.scratch = torch.empty(
            int(self.max_total_num_tokens * scratch_ratio), dtype=torch.int64, device="cpu"
        )
        shares_allocator_pool = allocator.get_kvcache() is self.token_to_kv_pool
        logger.info(
            "hybrid attn: %s pool, shares allocator cache=%s, capacity=%d tokens",
            type(self.token_to_kv_pool).__name__,
            shares_allocator_pool,
            self.max_total_num_tokens,
        )
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
