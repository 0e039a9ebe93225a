"""Backend that trusts the allocator's kvcache only on the worker that owns it."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        if not model_runner.is_draft_worker and hasattr(alloc, "get_kvcache"):
            # the target owns the allocator: its kvcache is the pool we read
            self.kv_pool = alloc.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.use_swa = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
