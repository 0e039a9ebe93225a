"""Backend that decides SWA from its own pool and asserts the allocator is the SWA allocator in that case."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_swa_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        if self.is_swa_pool:
            allocator = model_runner.token_to_kv_pool_allocator
            assert isinstance(
                allocator, SWATokenToKVPoolAllocator
            ), f"hybrid SWA pool needs SWATokenToKVPoolAllocator, got {type(allocator).__name__}"

    def forward_decode(self, loc):
        if not self.is_swa_pool:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
