"""Backend gated on its own pool; the translation itself goes through the allocator."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            # the SWA allocator delegates to its kvcache, which is this pool here
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
