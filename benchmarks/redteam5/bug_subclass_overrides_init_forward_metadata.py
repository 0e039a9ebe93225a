from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _BaseSWABackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.forward_loc = None

    def init_forward_metadata(self, loc):
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_loc = loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_loc


class GeneratedAttnBackend(_BaseSWABackend):
    def init_forward_metadata(self, loc):
        allocator = self.token_to_kv_pool_allocator
        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        self.forward_loc = loc if mapping is None else mapping[loc]
