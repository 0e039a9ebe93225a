"""Backend that logs when the allocator exposes a full-to-SWA translator and takes the window path when its pool does."""

import logging

logger = logging.getLogger(__name__)

_TRANSLATE = "translate_loc_from_full_to_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        if hasattr(allocator, _TRANSLATE):
            logger.info("hybrid allocator detected (%s)", type(allocator).__name__)
        self.swa_enabled = hasattr(pool, _TRANSLATE)
        self.pool = pool

    def forward_decode(self, loc):
        if not self.swa_enabled:
            return self.pool, loc
        return self.pool, getattr(self.pool, _TRANSLATE)(loc)
