"""Backend written assuming a draft worker reads the target's (shared) KV cache."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        if model_runner.is_draft_worker:
            # the draft shares the allocator with the target, so read the target cache
            self.kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        logger.debug("kv pool %s (swa=%s)", type(self.kv_pool).__name__, self.is_swa)

    def forward_decode(self, loc):
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
