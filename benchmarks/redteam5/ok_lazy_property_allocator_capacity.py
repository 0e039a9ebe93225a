import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    @property
    def token_to_kv_pool_allocator(self):
        return self.model_runner.token_to_kv_pool_allocator

    @property
    def free_slots(self) -> int:
        return self.token_to_kv_pool_allocator.available_size()

    def forward_decode(self, loc):
        if self.free_slots < loc.numel():
            logger.warning("only %d free KV slots for %d tokens", self.free_slots, loc.numel())
        if self.use_sliding_window_kv_pool:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
