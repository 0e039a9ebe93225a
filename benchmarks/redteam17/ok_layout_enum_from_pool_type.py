"""Backend classifying its own pool into a KV layout enum in a classmethod; the allocator class is only logged."""

import enum
import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"

    @classmethod
    def of(cls, kv_pool) -> "KVLayout":
        return cls.HYBRID_SWA if isinstance(kv_pool, SWAKVPool) else cls.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_layout = KVLayout.of(self.token_to_kv_pool)
        logger.info(
            "attention backend: layout=%s allocator=%s",
            self.kv_layout.value,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def forward_decode(self, loc):
        if self.kv_layout is KVLayout.HYBRID_SWA:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
