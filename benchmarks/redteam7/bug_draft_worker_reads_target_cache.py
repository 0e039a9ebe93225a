"""Draft workers attend over the target's KV (they share the allocator)."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        if model_runner.is_draft_worker:
            # the draft shares the allocator with the target, so take the
            # target's cache from it
            self.kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.use_swa = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
