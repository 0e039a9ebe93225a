"""FlashMLA-style backend that classifies its KV cache by its own pool's type, asserting the allocator backs it unless drafting."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_cache_dtype = model_runner.kv_cache_dtype
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        allocator = model_runner.token_to_kv_pool_allocator
        assert (
            model_runner.is_draft_worker or allocator.get_kvcache() is self.token_to_kv_pool
        ), "a target runner must read the pool its allocator manages"
        kv_cache_cls = type(self.token_to_kv_pool)
        self.is_swa_kv_cache = issubclass(kv_cache_cls, SWAKVPool)
        self.num_splits = None
        self.mla_metadata = None

    def _block_table(self, loc):
        if self.is_swa_kv_cache:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._block_table(loc)
