"""Decode-only attention backend with an up-front KV capacity gate.

The backend refuses to start if the token allocator cannot back a single
full CUDA-graph batch, and then binds the KV pool it will read from.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_MIN_DECODE_SLOTS = 1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = max_bs

        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        # Capacity is budgeted by the allocator (min(full, swa) for hybrid models),
        # so the gate has to read the allocator, not the pool.
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            capacity = min(allocator.size_full, allocator.size_swa)
        else:
            capacity = allocator.size
        if capacity < _MIN_DECODE_SLOTS * max_bs:
            raise RuntimeError(f"KV capacity {capacity} too small for max_bs={max_bs}")
        self.kv_capacity = capacity

        self.token_to_kv_pool = pool
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        logger.debug("decode backend: capacity=%d swa=%s", capacity, self.swa_kv_pool is not None)

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        locations = self._decode_locations(loc)
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, locations
