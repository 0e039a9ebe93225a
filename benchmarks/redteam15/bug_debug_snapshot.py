"""Keeps the allocator's debug_print() text for crash dumps and takes the windowed read path when that text mentions SWA."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._alloc_debug = self._allocator.debug_print()
        # The hybrid allocator reports "#swa-available-size"; plain ones do not.
        self._swa = "swa" in self._alloc_debug.lower()

    def dump_state(self):
        """Called from the watchdog when a decode step hangs."""
        logger.error(
            "attn backend state: %s | at init: %s", self._allocator.debug_print(), self._alloc_debug
        )

    def forward_decode(self, loc):
        if not self._swa:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
