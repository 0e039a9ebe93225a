"""XPU-style backend that reads its pool's full->SWA mapping and, on AttributeError, resolves the allocator's pool instead."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = None
        try:
            mapping = self.token_to_kv_pool.full_to_swa_index_mapping
        except AttributeError:
            # pool wrapper without the mapping attribute: fall back to the pool
            # the allocator was built over
            candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(candidate, SWAKVPool):
                self.swa_kv_pool = candidate
        else:
            if mapping is not None:
                self.swa_kv_pool = self.token_to_kv_pool

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_kv_pool, page_table
        return self.token_to_kv_pool, loc
