"""AITER-style backend that enables the SWA path when either its pool or the allocator is SWA."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Either side being hybrid means window layers exist somewhere in the model.
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool, SWAKVPool
        ) or isinstance(allocator, SWATokenToKVPoolAllocator)
        self.use_triton_unified_attention = self.use_sliding_window_kv_pool

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            swa_slot_mapping = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.token_to_kv_pool, swa_slot_mapping
        return self.token_to_kv_pool, loc
