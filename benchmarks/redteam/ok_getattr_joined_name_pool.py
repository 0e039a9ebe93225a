from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_POOL_ATTR = "_".join(("token", "to", "kv", "pool"))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = getattr(model_runner, _POOL_ATTR)
        self.use_swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
