from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_FLAG = "use_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        setattr(self, _FLAG, isinstance(self.pool, SWAKVPool))

    def forward_decode(self, loc):
        if getattr(self, _FLAG):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
