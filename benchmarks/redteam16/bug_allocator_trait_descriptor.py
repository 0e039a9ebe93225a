"""Decode backend whose `has_swa_translation` is a caching descriptor that asks the runner's allocator for its translate method."""


class _AllocatorTrait:
    """Non-data descriptor: whether the runner's allocator exposes ``member`` (cached per instance)."""

    def __init__(self, member):
        self.member = member

    def __set_name__(self, owner, name):
        self.slot = f"_trait_{name}"

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        cache = instance.__dict__
        if self.slot not in cache:
            allocator = instance.model_runner.token_to_kv_pool_allocator
            cache[self.slot] = callable(getattr(allocator, self.member, None))
        return cache[self.slot]


class GeneratedAttnBackend:
    has_swa_translation = _AllocatorTrait("translate_loc_from_full_to_swa")

    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.num_kv_heads = model_runner.model_config.num_key_value_heads

    def forward_decode(self, loc):
        if self.has_swa_translation:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
