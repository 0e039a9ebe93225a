"""Dual-chunk attention port checking the pool's class name (no import cycle)."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator_name = type(model_runner.token_to_kv_pool_allocator).__name__
        self.is_swa = type(self.token_to_kv_pool).__name__ in ("SWAKVPool", "BaseSWAKVPool")
        logger.info("dual chunk: pool swa=%s allocator=%s", self.is_swa, self.allocator_name)

    def forward_decode(self, loc):
        if self.is_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
