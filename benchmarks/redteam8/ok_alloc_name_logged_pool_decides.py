import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        logger.info(
            "attention backend: allocator=%s (%s) pool=%s",
            type(allocator).__name__,
            type(allocator).__module__,
            type(self.pool).__name__,
        )
        self.swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
