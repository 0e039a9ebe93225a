class _SWALocDescriptor:
    """Resolves the SWA translation function lazily from whatever owns the index mapping."""

    def __set_name__(self, owner, name):
        self.cache_name = "_cached_" + name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        fn = instance.__dict__.get(self.cache_name)
        if fn is None:
            owner_of_mapping = instance.model_runner.token_to_kv_pool_allocator
            fn = getattr(owner_of_mapping, "translate_loc_from_full_to_swa", None) or (lambda x: x)
            instance.__dict__[self.cache_name] = fn
        return fn


class GeneratedAttnBackend:
    swa_translate = _SWALocDescriptor()

    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.swa_translate(loc)
