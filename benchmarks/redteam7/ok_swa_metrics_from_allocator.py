import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        # window-pool occupancy is reported per step when the allocator tracks it
        self.report_swa_usage = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.steps = 0

    def _report(self):
        self.steps += 1
        if self.report_swa_usage:
            logger.debug("swa free=%s", self.allocator.swa_available_size())

    def forward_decode(self, loc):
        self._report()
        pool = self.model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
