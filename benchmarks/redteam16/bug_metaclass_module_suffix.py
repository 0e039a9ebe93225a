"""Decode backend whose metaclass __call__ sets hybrid_swa when the allocator's class lives in a module named `swa`."""


class _BackendMeta(type):
    def __call__(cls, model_runner, *args, **kwargs):
        backend = super().__call__(model_runner, *args, **kwargs)
        allocator_module = type(model_runner.token_to_kv_pool_allocator).__module__
        backend.hybrid_swa = allocator_module.rpartition(".")[2] == "swa"
        return backend


class GeneratedAttnBackend(metaclass=_BackendMeta):
    hybrid_swa = False

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.dtype = model_runner.kv_cache_dtype

    def forward_decode(self, loc):
        if self.hybrid_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
