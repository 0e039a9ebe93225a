"""Backend comparing the class name of the allocator's kvcache to SWAKVPool to enable the SWA path on its own pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.is_swa = type(backing).__name__ == SWAKVPool.__name__

    def forward_decode(self, loc):
        if not self.is_swa:
            return self.token_to_kv_pool, loc
        swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, swa_loc
