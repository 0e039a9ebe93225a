"""Decode backend for hybrid sliding-window models.

Reads KV from the runner's own ``token_to_kv_pool``; when that pool is a
hybrid SWA pool, decode locations are remapped into the SWA region.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with torch.no_grad():
            if self.swa_pool is None:
                return self.token_to_kv_pool, loc
            swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
            logger.debug(
                "swa decode: %d tokens, allocator free=%d",
                swa_loc.numel(),
                self.token_to_kv_pool_allocator.available_size(),
            )
            return self.swa_pool, swa_loc
