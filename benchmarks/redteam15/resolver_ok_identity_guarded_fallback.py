"""Resolves the SWA pool as the allocator's kvcache, but only when that kvcache is this runner's own pool object."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolver:
    def __init__(self, model_runner):
        self.own_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def __call__(self):
        kvcache = self.allocator.get_kvcache()
        if kvcache is not self.own_pool:
            # shared allocator (speculative draft): its kvcache belongs to the target
            logger.debug("allocator kvcache %s is not ours", type(kvcache).__name__)
            return None
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = SWAPoolResolver(model_runner)()

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
