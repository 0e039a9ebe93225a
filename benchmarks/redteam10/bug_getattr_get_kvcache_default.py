"""Backend that asks the allocator for its kv cache, defaulting to the runner's pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        get_kvcache = getattr(
            model_runner.token_to_kv_pool_allocator,
            "get_kvcache",
            lambda: model_runner.token_to_kv_pool,
        )
        self.kv_pool = get_kvcache()
        self.use_swa = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
