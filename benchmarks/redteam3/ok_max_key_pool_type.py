from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        candidates = (self.pool, model_runner.token_to_kv_pool_allocator)
        source = max(candidates, key=lambda o: isinstance(o, SWAKVPool))
        self.translate = getattr(source, "translate_loc_from_full_to_swa", None)

    def forward_decode(self, loc):
        if self.translate is not None:
            loc = self.translate(loc)
        return self.pool, loc
