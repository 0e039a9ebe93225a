from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    """Probes the pools it may read, in order, for a sliding-window layout."""

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # the allocator is kept for page bookkeeping only
        self.allocator = model_runner.token_to_kv_pool_allocator
        for candidate in (self.token_to_kv_pool,):
            if isinstance(candidate, SWAKVPool):
                self.window_pool = candidate
                break
        else:
            self.window_pool = None

    def forward_decode(self, loc):
        if self.window_pool is None:
            return self.token_to_kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
