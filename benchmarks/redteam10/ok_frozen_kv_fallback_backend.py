"""aiter-style backend: pool first, the allocator's cache only for a FROZEN_KV draft."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        spec = model_runner.spec_algorithm
        frozen = bool(getattr(spec, "is_frozen_kv_mtp", lambda: False)())
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_pool = self.token_to_kv_pool
        elif model_runner.is_draft_worker and frozen:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.swa_pool = kv if isinstance(kv, SWAKVPool) else None
        else:
            self.swa_pool = None
        logger.debug("swa pool resolved: %s", self.swa_pool is not None)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
