"""Triton decode backend with capacity-aware split sizing.

The number of KV splits is derived from the allocator's capacity (the SWA
capacity when the allocator tracks one), while the KV itself is read from the
runner's pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_kv_splits: int = 16):
        super().__init__()
        alloc = model_runner.token_to_kv_pool_allocator
        capacity = (
            alloc.size_swa
            if isinstance(alloc, SWATokenToKVPoolAllocator)
            else alloc.available_size()
        )
        self.num_kv_splits = max(1, min(max_kv_splits, int(capacity) // 4096 or 1))
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        logger.info(
            "triton decode: capacity=%d splits=%d swa=%s",
            capacity,
            self.num_kv_splits,
            self.swa_kv_pool is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.kv_pool
        return pool, (pool.translate_loc_from_full_to_swa(loc) if pool is self.swa_kv_pool else loc)
