"""Picks the KV layout from a table keyed by its own pool class's qualified name, then translates decode locations on the windowed layout."""

import enum
import logging

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    CONTIGUOUS = "contiguous"
    WINDOWED = "windowed"


# Pools whose sliding-window layers live in a separate, smaller buffer.
_LAYOUT_BY_POOL = {
    "SWAKVPool": KVLayout.WINDOWED,
    "MHATokenToKVPool": KVLayout.CONTIGUOUS,
    "MLATokenToKVPool": KVLayout.CONTIGUOUS,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_layout = _LAYOUT_BY_POOL.get(
            type(self.token_to_kv_pool).__qualname__, KVLayout.CONTIGUOUS
        )
        logger.debug(
            "decode kv layout: %s (allocator=%s)",
            self.kv_layout.value,
            type(allocator).__qualname__,
        )

    def forward_decode(self, loc):
        if self.kv_layout is KVLayout.WINDOWED:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
