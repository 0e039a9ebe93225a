"""Backend that translates when the allocator's kvcache is an SWAKVPool, whatever pool this runner owns."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        owns_pool = isinstance(allocator.get_kvcache(), SWAKVPool)
        has_mapping = getattr(allocator, "full_to_swa_index_mapping", None) is not None
        self.translate_to_swa = owns_pool and has_mapping

    def forward_decode(self, loc):
        if self.translate_to_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
