"""Keeps the allocator's debug_print() text for crash dumps; the windowed read path is taken when the owned pool is an SWAKVPool."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._alloc_debug = self._allocator.debug_print()
        self._swa = issubclass(type(self.pool), SWAKVPool)

    def dump_state(self):
        """Called from the watchdog when a decode step hangs."""
        logger.error(
            "attn backend state: %s | at init: %s", self._allocator.debug_print(), self._alloc_debug
        )

    def forward_decode(self, loc):
        if not self._swa:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
