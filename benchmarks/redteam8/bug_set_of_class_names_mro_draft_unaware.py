import inspect

_HYBRID_ALLOCATORS = frozenset({"SWATokenToKVPoolAllocator", "SWATokenToKVPoolAllocatorV2"})


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        names = {c.__name__ for c in inspect.getmro(type(model_runner.token_to_kv_pool_allocator))}
        self.hybrid = bool(names & _HYBRID_ALLOCATORS)

    def forward_decode(self, loc):
        if self.hybrid:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
