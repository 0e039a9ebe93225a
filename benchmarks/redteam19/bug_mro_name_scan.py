"""Scans the allocator class's MRO for an SWA allocator name and, if found, remaps decode locations through its own pool."""

import logging

logger = logging.getLogger(__name__)

_HYBRID_ALLOCATOR_NAMES = ("SWATokenToKVPoolAllocator", "UnifiedSWATokenToKVPoolAllocator")


def _is_hybrid_allocator(allocator) -> bool:
    # Walk the MRO so vendor subclasses (NPU, paged variants) are recognised too.
    return any(klass.__name__ in _HYBRID_ALLOCATOR_NAMES for klass in type(allocator).__mro__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_enabled = _is_hybrid_allocator(model_runner.token_to_kv_pool_allocator)

    def _swa_page_table(self, loc):
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        locations = self._swa_page_table(loc) if self.sliding_window_enabled else loc
        return self.kv_pool, locations
