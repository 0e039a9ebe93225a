def _names(cls):
    return (k.__name__ for k in cls.__mro__)


def _resolve(runner):
    holder = {"a": runner.token_to_kv_pool_allocator}
    if "SWATokenToKVPoolAllocator" in _names(type(holder["a"])):
        return holder["a"].get_kvcache()
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.default_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
