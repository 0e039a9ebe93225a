"""Decode-side KV view for hybrid sliding-window models.

The decode path runs under ``torch.no_grad()`` and picks the KV cache that
backs the current batch once per step, translating full-attention slot ids
into SWA slot ids when the cache is a hybrid SWA cache.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    """Thin decode backend that resolves its KV view inside an inference scope."""

    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.sliding_window_size = sliding_window_size
        self.req_to_token = model_runner.req_to_token_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _kv_cache(self) -> KVCache:
        return self.token_to_kv_pool_allocator.get_kvcache()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with torch.no_grad():
            kv_cache = self._kv_cache()
            if isinstance(kv_cache, SWAKVPool):
                swa_loc = kv_cache.translate_loc_from_full_to_swa(loc)
                logger.debug("decode step reading %d SWA slots", swa_loc.numel())
                return kv_cache, swa_loc
            return kv_cache, loc
