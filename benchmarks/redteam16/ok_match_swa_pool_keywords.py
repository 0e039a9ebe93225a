"""Decode backend that matches its own pool against SWAKVPool(swa_kv_pool=..., full_kv_pool=...); an allocator class pattern only extracts the page size."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        match model_runner.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator(page_size=page_size) | object(page_size=page_size):
                self.page_size = page_size
            case _:
                self.page_size = 1
        match self.kv_pool:
            case SWAKVPool(swa_kv_pool=swa_pool, full_kv_pool=full_pool):
                self.mode = "swa"
                self.layer_pools = (full_pool, swa_pool)
            case _:
                self.mode = "full"
                self.layer_pools = (self.kv_pool,)

    def forward_decode(self, loc):
        if self.mode == "swa":
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
