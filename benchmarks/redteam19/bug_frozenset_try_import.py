"""Looks the allocator's type up in a frozenset of optionally-imported hybrid allocator classes and remaps decode locations on a hit."""

try:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
except ImportError:  # older wheels without hybrid SWA support
    SWATokenToKVPoolAllocator = None

_HYBRID_ALLOCATOR_TYPES = frozenset(cls for cls in (SWATokenToKVPoolAllocator,) if cls is not None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.forward_pool = model_runner.token_to_kv_pool
        self._hybrid = type(model_runner.token_to_kv_pool_allocator) in _HYBRID_ALLOCATOR_TYPES

    def _decode_locations(self, loc):
        if self._hybrid:
            return self.forward_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.forward_pool, self._decode_locations(loc)
