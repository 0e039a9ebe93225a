"""Minimal decode backend for hybrid sliding-window checkpoints.

Window-layer reads are remapped only when the runner's own pool is hybrid; the
allocator is used for capacity reporting only.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_context_len: int = 8192):
        super().__init__()
        self.max_context_len = max_context_len
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "decode backend ready: swa=%s, free tokens=%d",
            self.use_sliding_window_kv_pool,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.use_sliding_window_kv_pool:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
