"""aiter-style backend: the window pool is sized separately from the full pool."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        allocator = model_runner.token_to_kv_pool_allocator
        size_swa = getattr(allocator, "size_swa", None)
        self.swa_capacity = size_swa
        self.use_swa_kv = size_swa is not None
        if self.use_swa_kv:
            logger.debug("hybrid SWA: %d window slots", size_swa)

    def init_forward_metadata(self, out_cache_loc):
        pool = self.model_runner.token_to_kv_pool
        if self.use_swa_kv:
            return pool, pool.translate_loc_from_full_to_swa(out_cache_loc)
        return pool, out_cache_loc

    def forward_decode(self, loc):
        return self.init_forward_metadata(loc)
