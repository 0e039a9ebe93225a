import importlib


def _swa_pool_cls():
    module = importlib.import_module("sglang.srt.mem_cache.swa_memory_pool")
    return getattr(module, "SWAKVPool", ())


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_swa = isinstance(self.pool, _swa_pool_cls())

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
