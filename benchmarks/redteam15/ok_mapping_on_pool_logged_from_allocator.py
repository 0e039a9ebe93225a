"""Logs the length of the allocator's full->SWA map but tests the same-named attribute on its own pool to decide translation."""

import logging

logger = logging.getLogger(__name__)

_MAP = "full_to_swa_index_mapping"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc_map = getattr(model_runner.token_to_kv_pool_allocator, _MAP, None)
        if alloc_map is not None:
            logger.debug("allocator full->swa map covers %d slots", alloc_map.numel())
        self._pool_map = getattr(self.pool, _MAP, None)

    def forward_decode(self, loc):
        if self._pool_map is None:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
