from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _identity(pool, loc):
    return loc


def _to_swa(pool, loc):
    return pool.translate_loc_from_full_to_swa(loc)


_TRANSLATORS = {SWATokenToKVPoolAllocator: _to_swa}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = model_runner.token_to_kv_pool
        self._translate = _TRANSLATORS.get(type(model_runner.token_to_kv_pool_allocator), _identity)

    def forward_decode(self, loc):
        return self.kv, self._translate(self.kv, loc)
