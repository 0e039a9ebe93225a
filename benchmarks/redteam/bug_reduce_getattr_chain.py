import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _lookup(obj, dotted):
    return functools.reduce(getattr, dotted.split("."), obj)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = _lookup(model_runner, "token_to_kv_pool")
        self.use_swa = isinstance(
            _lookup(model_runner, "token_to_kv_pool_allocator"), SWATokenToKVPoolAllocator
        )

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
