import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _alloc_label(allocator) -> str:
    match allocator:
        case SWATokenToKVPoolAllocator():
            return "hybrid-allocator"
        case _:
            return "token-allocator"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        logger.info("using %s", _alloc_label(model_runner.token_to_kv_pool_allocator))
        match self.pool:
            case SWAKVPool():
                self.mode = "swa"
            case _:
                self.mode = "full"

    def forward_decode(self, loc):
        if self.mode == "swa":
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
