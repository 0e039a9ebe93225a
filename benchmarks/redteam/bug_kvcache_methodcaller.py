import operator

_GET_KV = operator.methodcaller("get_kvcache")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kv = _GET_KV(model_runner.token_to_kv_pool_allocator)
        self.swa_pool = kv if hasattr(kv, "swa_kv_pool") else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
