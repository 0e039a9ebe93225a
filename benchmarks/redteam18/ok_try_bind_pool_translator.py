"""Binds its own pool's translate_loc_from_full_to_swa in try/except/else; the else clause only logs the allocator's class."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        try:
            self._translate = self.pool.translate_loc_from_full_to_swa
        except AttributeError:
            self._translate = None
        else:
            logger.info(
                "hybrid pool under %s", type(model_runner.token_to_kv_pool_allocator).__name__
            )

    def forward_decode(self, loc):
        if self._translate is None:
            return self.pool, loc
        return self.pool, self._translate(loc)
