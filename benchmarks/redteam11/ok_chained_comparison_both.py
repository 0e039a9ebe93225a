"""Backend that requires the pool AND the allocator to agree before translating."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        pool_swa = isinstance(self.kv_pool, SWAKVPool)
        alloc_swa = hasattr(alloc, "full_to_swa_index_mapping")
        self.use_swa = pool_swa == alloc_swa == True  # noqa: E712

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
