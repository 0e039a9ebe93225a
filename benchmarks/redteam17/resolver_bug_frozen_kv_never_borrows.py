"""Resolver that borrows the allocator's kvcache for every runner except a FROZEN_KV MTP one when its own pool is not SWA."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        elif not model_runner.spec_algorithm.is_frozen_kv_mtp():
            # Frozen-KV MTP keeps its own window; everyone else shares the target's.
            borrowed = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(borrowed, SWAKVPool):
                self.swa_kv_pool = borrowed

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
