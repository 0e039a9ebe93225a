"""Scans (own pool, allocator) in a for/else for the first holder of translate_loc_from_full_to_swa and translates its own pool's locations through whichever it found."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        for holder in (model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator):
            translate = getattr(holder, "translate_loc_from_full_to_swa", None)
            if translate is not None:
                logger.debug("full->SWA translation via %s", type(holder).__name__)
                break
        else:
            translate = None
        self._to_swa = translate

    def forward_decode(self, loc):
        if self._to_swa is not None:
            return self.pool, self._to_swa(loc)
        return self.pool, loc
