from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _FromRunner:
    def __init__(self, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return getattr(obj._runner, self.name)


class GeneratedAttnBackend:
    pool = _FromRunner("token_to_kv_pool")
    allocator = _FromRunner("token_to_kv_pool_allocator")

    def __init__(self, model_runner):
        self._runner = model_runner
        self.use_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
