"""Samples the allocator's swa_attn_allocator free count for stats and picks the SWA read mode when that sub-allocator exists."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_free_at_start = None
        sub = getattr(self.allocator, "swa_attn_allocator", None)
        if sub is not None:
            self.swa_free_at_start = sub.available_size()
            logger.debug("sliding-window slots free at start: %d", self.swa_free_at_start)
            self.mode = "swa"
        else:
            self.mode = "full"

    def forward_decode(self, loc):
        if self.mode == "swa":
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
