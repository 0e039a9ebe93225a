"""Backend that maps the allocator class onto a KV layout enum."""

import enum


class KVLayout(enum.Enum):
    FULL = "TokenToKVPoolAllocator"
    SLIDING = "SWATokenToKVPoolAllocator"

    @classmethod
    def _missing_(cls, value):
        return cls.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.layout = KVLayout(type(model_runner.token_to_kv_pool_allocator).__name__)

    def forward_decode(self, loc):
        if self.layout is KVLayout.SLIDING:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
