from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_MEMORY_ATTRS = ("token_to_kv_pool", "token_to_kv_pool_allocator", "req_to_token_pool")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        memory = dict(
            zip(("kv", "alloc", "req"), (getattr(model_runner, a) for a in _MEMORY_ATTRS))
        )
        self.pool = memory["kv"]
        self.page_size = memory["alloc"].page_size
        self.windowed = type(memory["kv"]) is SWAKVPool

    def forward_decode(self, loc):
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
