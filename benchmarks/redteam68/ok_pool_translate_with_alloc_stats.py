"""Decode-only attention backend for hybrid sliding-window models.

The backend keeps a handle to the KV pool it reads from and, when that pool is a
hybrid SWA pool, maps full-attention slot indices into the sliding-window pool
before gathering. Allocator statistics are surfaced at debug level so that the
scheduler logs can be correlated with the decode batches.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, log_every: int = 256):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.log_every = log_every
        self._decode_steps = 0

        if isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
            logger.debug(
                "hybrid allocator: full=%s swa=%s",
                self.token_to_kv_pool_allocator.full_available_size(),
                self.token_to_kv_pool_allocator.swa_available_size(),
            )

    def _maybe_log_capacity(self) -> None:
        self._decode_steps += 1
        if self._decode_steps % self.log_every != 0:
            return
        logger.debug(
            "decode step %d, allocator available=%d",
            self._decode_steps,
            self.token_to_kv_pool_allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._maybe_log_capacity()
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, swa_loc
