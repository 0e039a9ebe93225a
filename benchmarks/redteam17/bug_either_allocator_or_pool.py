"""Backend that takes the SWA path when the allocator carries a full->SWA mapping or its own pool is SWA."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid_allocator = getattr(allocator, "full_to_swa_index_mapping", None) is not None
        hybrid_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        # Either signal means the model was launched with hybrid SWA memory.
        self.use_sliding_window_kv_pool = hybrid_allocator or hybrid_pool

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
