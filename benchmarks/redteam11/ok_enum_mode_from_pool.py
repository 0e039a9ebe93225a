"""Backend whose KV mode is an enum; the mode is classified from the pool."""

import enum

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVMode(enum.Enum):
    FULL = "full"
    SLIDING = "sliding"

    @classmethod
    def classify(cls, holder):
        return (
            cls.SLIDING if isinstance(holder, (SWAKVPool, SWATokenToKVPoolAllocator)) else cls.FULL
        )

    def translate(self, pool, loc):
        if self is KVMode.SLIDING:
            return pool.translate_loc_from_full_to_swa(loc)
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator_mode = KVMode.classify(model_runner.token_to_kv_pool_allocator)
        self.mode = KVMode.classify(self.kv_pool)

    def forward_decode(self, loc):
        return self.kv_pool, self.mode.translate(self.kv_pool, loc)
