"""Decode-only attention backend for hybrid sliding-window models.

The backend validates the runner's allocator up front and picks the SWA
buffers when the allocator is the hybrid full/SWA allocator.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_validation: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        if not skip_validation:
            assert isinstance(
                allocator, BaseTokenToKVPoolAllocator
            ), f"unexpected allocator type {type(allocator).__name__}"
        self.allocator = allocator
        self.kv_pool = model_runner.token_to_kv_pool

        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            kvcache = allocator.get_kvcache()
            assert isinstance(kvcache, SWAKVPool), "SWA allocator must own an SWAKVPool"
            self.swa_pool = kvcache
        logger.debug(
            "GeneratedAttnBackend: swa=%s page_size=%d", self.swa_pool is not None, self.page_size
        )

    @property
    def uses_swa(self) -> bool:
        return self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.uses_swa:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
