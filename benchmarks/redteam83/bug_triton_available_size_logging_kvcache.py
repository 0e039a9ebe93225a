"""Triton decode attention backend.

Logs the allocator's free-token headroom at construction (handy when tuning
``--mem-fraction-static``) and then binds the sliding-window KV view when the
cache behind the allocator is hybrid.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        logger.info(
            "triton backend init: free tokens=%s, draft=%s",
            self.allocator.available_size(),
            model_runner.is_draft_worker,
        )
        kvcache = self.allocator.get_kvcache()
        self.use_sliding_window_kv_pool = isinstance(kvcache, SWAKVPool)
        self.swa_pool = kvcache if self.use_sliding_window_kv_pool else None

    def get_num_kv_splits(self, batch_size: int) -> int:
        return min(self.num_kv_splits, max(batch_size, 1))

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
