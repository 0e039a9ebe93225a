import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Draft workers share the target's allocator; read the KV through it so both agree."""

    def __init__(self, model_runner):
        if getattr(model_runner, "is_draft_worker", False):
            pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
            logger.info("draft worker: using shared kvcache %s", type(pool).__name__)
        else:
            pool = model_runner.token_to_kv_pool
        self.pool = pool
        self.swa = isinstance(pool, SWAKVPool)

    def forward_decode(self, loc):
        if not self.swa:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
