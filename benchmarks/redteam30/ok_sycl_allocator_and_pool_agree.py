"""SYCL attention backend that enables SWA only when allocator and pool are both hybrid."""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self.hybrid_swa = isinstance(allocator, SWATokenToKVPoolAllocator) and isinstance(
            self.kv_pool, SWAKVPool
        )
        if self.hybrid_swa:
            assert allocator.size_swa == self.kv_pool.size_swa, (
                f"SWA allocator/pool size mismatch: "
                f"{allocator.size_swa} vs {self.kv_pool.size_swa}"
            )
        self.swa_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, forward_batch):
        self.swa_loc = (
            self.kv_pool.translate_loc_from_full_to_swa(forward_batch.out_cache_loc)
            if self.hybrid_swa
            else None
        )

    def forward_decode(self, loc):
        if self.hybrid_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
