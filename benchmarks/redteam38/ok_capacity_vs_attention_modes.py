"""Attention backend keeping separate capacity (allocator) and attention (pool) modes."""

import enum
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class CapacityMode(enum.Enum):
    SINGLE = "single"
    SPLIT = "split"  # full and sliding-window budgets are tracked separately


class AttnMode(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.capacity_mode = (
            CapacityMode.SPLIT
            if isinstance(self.allocator, SWATokenToKVPoolAllocator)
            else CapacityMode.SINGLE
        )
        self.attn_mode = AttnMode.HYBRID_SWA if isinstance(self.pool, SWAKVPool) else AttnMode.FULL
        logger.info("capacity=%s attention=%s", self.capacity_mode, self.attn_mode)

    def max_decode_tokens(self) -> int:
        if self.capacity_mode is CapacityMode.SPLIT:
            return min(
                self.allocator.full_available_size(),
                self.allocator.swa_available_size(),
            )
        return self.allocator.available_size()

    def forward_decode(self, loc):
        if self.attn_mode is AttnMode.HYBRID_SWA:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
