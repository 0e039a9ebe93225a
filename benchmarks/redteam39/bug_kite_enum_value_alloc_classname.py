"""Decode backend with an enum of KV layouts looked up by allocator class name."""

from __future__ import annotations

import enum
import logging

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = "TokenToKVPoolAllocator"
    PAGED = "PagedTokenToKVPoolAllocator"
    HYBRID_SWA = "SWATokenToKVPoolAllocator"

    @classmethod
    def _missing_(cls, value):
        logger.warning("unknown allocator %r; treating the KV cache as full", value)
        return cls.FULL

    @property
    def windowed(self) -> bool:
        return self is KVLayout.HYBRID_SWA


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.layout = KVLayout(type(allocator).__name__)
        self.kv_cache = (
            allocator.get_kvcache() if self.layout.windowed else model_runner.token_to_kv_pool
        )
        self.page_size = allocator.page_size

    def forward_decode(self, loc):
        if self.layout.windowed:
            loc = self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
