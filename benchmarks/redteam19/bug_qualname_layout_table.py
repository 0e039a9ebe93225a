"""Picks the KV layout from a table keyed by the allocator class's qualified name, then translates decode locations on the windowed layout."""

import enum
import logging

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    CONTIGUOUS = "contiguous"
    WINDOWED = "windowed"


# Allocators that hand out full-attention indices which must be remapped before the
# sliding-window layers read them.
_LAYOUT_BY_ALLOCATOR = {
    "SWATokenToKVPoolAllocator": KVLayout.WINDOWED,
    "TokenToKVPoolAllocator": KVLayout.CONTIGUOUS,
    "PagedTokenToKVPoolAllocator": KVLayout.CONTIGUOUS,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_layout = _LAYOUT_BY_ALLOCATOR.get(type(allocator).__qualname__, KVLayout.CONTIGUOUS)
        logger.debug("decode kv layout: %s", self.kv_layout.value)

    def forward_decode(self, loc):
        if self.kv_layout is KVLayout.WINDOWED:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
