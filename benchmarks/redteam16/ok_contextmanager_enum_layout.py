"""Decode backend that reads an Enum layout of its own pool from a context manager; the allocator's free method is kept for the eviction path."""

import contextlib
import enum
import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    DENSE = enum.auto()
    SLIDING = enum.auto()


@contextlib.contextmanager
def _layout_probe(pool):
    layout = KVLayout.SLIDING if isinstance(pool, SWAKVPool) else KVLayout.DENSE
    try:
        yield layout
    finally:
        logger.debug("KV layout resolved: %s", layout.name)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        # evicted decode slots are handed back through the (possibly shared) allocator
        self._release = model_runner.token_to_kv_pool_allocator.free
        with _layout_probe(self.kv_pool) as layout:
            self.layout = layout

    def forward_decode(self, loc):
        if self.layout is KVLayout.SLIDING:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
