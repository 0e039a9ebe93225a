"""Decode backend that classifies its KV layout with an enum built from the allocator's class."""

import enum
import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"

    @classmethod
    def from_allocator(cls, allocator) -> "KVLayout":
        name = type(allocator).__name__
        if name.startswith("SWA") or "HybridSWA" in name:
            return cls.HYBRID_SWA
        return cls.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.layout = KVLayout.from_allocator(allocator)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = allocator.page_size
        if self.layout is KVLayout.HYBRID_SWA:
            pool = self.token_to_kv_pool
            self.swa_kv_pool = pool if isinstance(pool, SWAKVPool) else allocator.get_kvcache()
        else:
            self.swa_kv_pool = None
        logger.info("kv layout %s", self.layout.value)

    def forward_decode(self, loc):
        if self.layout is KVLayout.HYBRID_SWA:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
