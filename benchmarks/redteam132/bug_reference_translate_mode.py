"""Decode backend with a reference translation mode.

``SGLANG_SWA_REFERENCE_TRANSLATE`` (enabled unless set to ``0``) routes the
full->SWA location mapping through the allocator, which owns the index mapping,
and logs any divergence from the pool-side translation.
"""

import logging
import os
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, reference: Optional[bool] = None):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        if reference is None:
            reference = os.environ.get("SGLANG_SWA_REFERENCE_TRANSLATE", "1") != "0"
        self.reference = reference
        pool = self.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.hybrid_allocator = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        pool = self.swa_pool if self.swa_pool is not None else self.token_to_kv_pool
        swa_loc = None
        if self.swa_pool is not None:
            swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        if self.reference and self.hybrid_allocator:
            ref = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
            if swa_loc is not None and not torch.equal(ref, swa_loc):
                logger.warning("pool/allocator translation diverged at %s", loc.tolist())
            swa_loc = ref
        return pool, loc if swa_loc is None else swa_loc
