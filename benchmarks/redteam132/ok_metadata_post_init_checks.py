"""Decode backend with a validated layout metadata record.

``KVLayoutMetadata`` captures the pool and allocator pairing once at init and
checks it in ``__post_init__``. Whether the allocator is hybrid is recorded for
diagnostics; the SWA decision comes from the pool itself.
"""

import logging
import warnings
from dataclasses import dataclass, field
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVLayoutMetadata:
    pool: KVCache
    allocator: object
    is_draft: bool
    swa_pool: Optional[SWAKVPool] = field(init=False)
    allocator_hybrid: bool = field(init=False)

    def __post_init__(self) -> None:
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        self.allocator_hybrid = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        if self.allocator_hybrid and self.swa_pool is None and not self.is_draft:
            warnings.warn("hybrid allocator with a full-only pool on a target worker")
        if self.swa_pool is not None and not self.allocator_hybrid:
            raise TypeError("SWAKVPool requires SWATokenToKVPoolAllocator")


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_head: int = 32):
        self.num_head = num_head
        self.layout = KVLayoutMetadata(
            pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            is_draft=model_runner.is_draft_worker,
        )
        logger.debug("layout: hybrid_allocator=%s", self.layout.allocator_hybrid)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.layout.swa_pool is not None:
            swa = self.layout.swa_pool
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.layout.pool, loc
