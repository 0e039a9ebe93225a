"""Backend that uses the allocator's KV cache for SWA reads only when it is the runner's own pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        same = backing is self.pool
        self.hybrid = same and type(backing).__name__ in ("SWAKVPool",)

    def forward_decode(self, loc):
        if self.hybrid:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
