from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _PoolAdapter:
    _by_pool = {}
    pool_type = None

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.pool_type is not None:
            _PoolAdapter._by_pool[cls.pool_type] = cls

    def __init__(self, pool):
        self.pool = pool

    def locations(self, loc):
        return loc

    @classmethod
    def wrap(cls, pool):
        for klass in type(pool).__mro__:
            if klass in cls._by_pool:
                return cls._by_pool[klass](pool)
        return cls(pool)


class _SWAAdapter(_PoolAdapter):
    pool_type = SWAKVPool

    def locations(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.adapter = _PoolAdapter.wrap(model_runner.token_to_kv_pool)

    def forward_decode(self, loc):
        return self.adapter.pool, self.adapter.locations(loc)
