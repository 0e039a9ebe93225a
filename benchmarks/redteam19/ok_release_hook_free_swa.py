"""Keeps the allocator's free_swa as a release hook for evicted window pages; decode takes the SWA path from its own pool's translator."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Pages that slid out of the window are handed back through the allocator.
        self._free_out_of_window = getattr(allocator, "free_swa", None)
        self._pool_translate = getattr(self.kv_pool, "translate_loc_from_full_to_swa", None)

    def release_out_of_window(self, free_index):
        if self._free_out_of_window is None or free_index.numel() == 0:
            return
        logger.debug("releasing %d out-of-window slots", free_index.numel())
        self._free_out_of_window(free_index)

    def forward_decode(self, loc):
        if self._pool_translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._pool_translate(loc)
