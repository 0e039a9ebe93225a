"""Decode backend with sliding-window slot translation.

When the server runs a hybrid SWA model the token allocator hands out full-attention
slots and keeps the full->SWA mapping alongside them; decode uses that mapping to
locate the sliding-window entries for each token.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_sliding_window: bool = True):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = use_sliding_window and isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        logger.info(
            "attention backend init: hybrid_swa=%s, kv pool=%s",
            self.is_hybrid_swa,
            type(self.token_to_kv_pool).__name__,
        )

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        # The allocator owns the full->SWA mapping; ask it directly.
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.is_hybrid_swa:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._swa_locations(loc)
