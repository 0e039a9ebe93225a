"""Backend that sizes its decode workspace from the allocator and reads windowed KV from an SWA pool."""

import enum
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class _Layout(enum.Enum):
    FULL = "full"
    WINDOW = "window"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        alloc = model_runner.token_to_kv_pool_allocator
        self.workspace_tokens = min(alloc.size, 4096) * alloc.page_size
        if isinstance(alloc, SWATokenToKVPoolAllocator) and not isinstance(
            model_runner.token_to_kv_pool, BaseSWAKVPool
        ):
            logger.info("hybrid allocator over a full-only pool (speculative draft?)")

    def _layout(self):
        pool = self._runner.token_to_kv_pool
        return _Layout.WINDOW if issubclass(type(pool), BaseSWAKVPool) else _Layout.FULL

    def forward_decode(self, loc):
        pool = self._runner.token_to_kv_pool
        self._runner.token_to_kv_pool_allocator.available_size()
        if self._layout() is _Layout.WINDOW:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
