"""Optimization: decide the SWA routing once at init instead of isinstance() per layer call."""

import functools
import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._alloc = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(model_runner, "page_size", 1)
        # Warm the cached decision now so the first decode step has no Python overhead.
        _ = self.reads_window
        logger.debug(
            "cached routing: window=%s (page_size=%d, free=%d)",
            self.reads_window,
            self.page_size,
            self._alloc.available_size(),
        )

    @functools.cached_property
    def reads_window(self) -> bool:
        return isinstance(self.token_to_kv_pool, SWAKVPool)

    @functools.cached_property
    def _translate(self):
        if self.reads_window:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa
        return None

    def pages_needed(self, num_tokens: int) -> int:
        return -(-num_tokens // self.page_size)

    def forward_decode(self, loc):
        fn = self._translate
        return self.token_to_kv_pool, (fn(loc) if fn is not None else loc)
