"""Decode backend that turns on SWA when a walrus-bound comprehension finds swa-named fields in vars() of the allocator."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if swa_fields := sorted(
            name for name in vars(allocator) if name.startswith("swa_") or name.endswith("_swa")
        ):
            logger.info("hybrid SWA KV cache detected (%s)", ", ".join(swa_fields))
            self.sliding = True
        else:
            self.sliding = False

    def forward_decode(self, loc):
        return self.kv_pool, (
            self.kv_pool.translate_loc_from_full_to_swa(loc) if self.sliding else loc
        )
