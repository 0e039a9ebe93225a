"""MLU attention backend that reports when the allocator and pool disagree on SWA."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class MLUMetadata:
    kv_loc: Optional[torch.Tensor] = None
    is_swa: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        swa_allocator = isinstance(allocator, SWATokenToKVPoolAllocator)
        swa_pool = isinstance(self.kv_pool, SWAKVPool)
        if swa_allocator and not swa_pool:
            logger.info(
                "MLU backend: hybrid allocator with a full-only pool (draft=%s); "
                "running full attention",
                model_runner.is_draft_worker,
            )
        elif swa_pool and not swa_allocator:
            logger.warning("MLU backend: SWA pool without an SWA allocator")
        self.use_swa = swa_pool
        self.metadata = MLUMetadata(is_swa=self.use_swa)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
