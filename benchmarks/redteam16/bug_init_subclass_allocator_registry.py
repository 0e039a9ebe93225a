"""Decode backend that looks up an index policy registered via __init_subclass__ under the allocator's class __qualname__."""


class _IndexPolicy:
    by_allocator = {}

    def __init_subclass__(cls, allocator=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if allocator is not None:
            _IndexPolicy.by_allocator[allocator] = cls

    def __init__(self, pool):
        self.pool = pool

    def locations(self, loc):
        return loc


class _DensePolicy(_IndexPolicy, allocator="TokenToKVPoolAllocator"):
    pass


class _PagedDensePolicy(_IndexPolicy, allocator="PagedTokenToKVPoolAllocator"):
    pass


class _SlidingPolicy(_IndexPolicy, allocator="SWATokenToKVPoolAllocator"):
    def locations(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        key = type(model_runner.token_to_kv_pool_allocator).__qualname__
        self.policy = _IndexPolicy.by_allocator.get(key, _DensePolicy)(self.kv_pool)

    def forward_decode(self, loc):
        return self.kv_pool, self.policy.locations(loc)
