from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _BackendBase:
    swa_probe = None

    def __init_subclass__(cls, *, probe, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.swa_probe = staticmethod(probe)

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.uses_swa = self.swa_probe(model_runner)


class GeneratedAttnBackend(
    _BackendBase,
    probe=lambda mr: isinstance(mr.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator),
):
    def forward_decode(self, loc):
        if self.uses_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
