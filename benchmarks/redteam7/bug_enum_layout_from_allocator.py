import enum

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class KVLayout(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


def detect_layout(token_to_kv_pool_allocator) -> KVLayout:
    if isinstance(token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
        return KVLayout.HYBRID_SWA
    return KVLayout.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.layout = detect_layout(model_runner.token_to_kv_pool_allocator)
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        if self.layout is KVLayout.HYBRID_SWA:
            return self.kv_pool, self.allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
