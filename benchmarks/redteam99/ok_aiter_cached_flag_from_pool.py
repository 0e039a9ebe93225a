"""AITER (ROCm) decode backend, adapted from sglang aiter_backend.py.

``use_sliding_window_kv_pool`` is cached at construction. The init log line now includes
the allocator class, which makes mixed target/draft deployments easier to read in logs.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_MAX_SPLITS = 16


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_last_page_len_buf: Optional[torch.Tensor] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_last_page_len_buf = kv_last_page_len_buf
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "aiter backend: draft=%s pool=%s allocator=%s sliding_window=%s",
            model_runner.is_draft_worker,
            type(self.token_to_kv_pool).__name__,
            type(allocator).__name__,
            self.use_sliding_window_kv_pool,
        )
        self.num_splits = _MAX_SPLITS

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
