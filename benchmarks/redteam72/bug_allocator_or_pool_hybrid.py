"""Hybrid sliding-window decode backend.

The window path is enabled when either the runner's pool holds sliding-window
buffers or the allocator reports a dedicated sliding-window capacity.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool) or (
            getattr(self.token_to_kv_pool_allocator, "size_swa", 0) > 0
        )
        logger.debug(
            "sliding window kv pool: %s (allocator=%s, pool=%s)",
            self.use_sliding_window_kv_pool,
            type(self.token_to_kv_pool_allocator).__name__,
            type(self.token_to_kv_pool).__name__,
        )

    def init_forward_metadata(self, forward_batch):
        pass

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.token_to_kv_pool, swa_loc
        return self.token_to_kv_pool, loc
