from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _LocTranslator:
    registry = {}
    handles = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.handles is not None:
            _LocTranslator.registry[cls.handles] = cls

    def __init__(self, source):
        self.source = source

    def __call__(self, loc):
        return loc

    @classmethod
    def for_source(cls, source):
        impl = cls.registry.get(type(source), _LocTranslator)
        return impl(source)


class _SWATranslator(_LocTranslator):
    handles = SWATokenToKVPoolAllocator

    def __call__(self, loc):
        return self.source.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.translate = _LocTranslator.for_source(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.translate(loc)
