"""Decides the SWA path from its own pool's registered full_to_swa_index_mapping; the allocator's mapping is only compared with it for a consistency warning."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        own_mapping = (
            self.pool.full_to_swa_index_mapping if isinstance(self.pool, SWAKVPool) else None
        )
        self.use_swa = own_mapping is not None
        if self.use_swa:
            shared = getattr(
                model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None
            )
            if shared is not None and shared is not own_mapping:
                logger.warning("pool and allocator hold different full->SWA mappings")

    def forward_decode(self, loc):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
