"""Backend that picks a KV layout mode at construction and dispatches decode through a table."""

import enum

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class KVLayout(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


_LAYOUT_BY_ALLOCATOR = {SWATokenToKVPoolAllocator: KVLayout.HYBRID_SWA}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.layout = _LAYOUT_BY_ALLOCATOR.get(type(self.token_to_kv_pool_allocator), KVLayout.FULL)
        self._decode_impl = {
            KVLayout.FULL: self._decode_full,
            KVLayout.HYBRID_SWA: self._decode_hybrid,
        }[self.layout]

    def _decode_full(self, loc):
        return self.token_to_kv_pool, loc

    def _decode_hybrid(self, loc):
        swa_loc = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, swa_loc

    def forward_decode(self, loc):
        return self._decode_impl(loc)
