"""Backend family whose translators are registered by a metaclass, keyed by holder type."""

import operator


class _TranslatorRegistry(type):
    table = {}

    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        for key in ns.get("handles", ()):
            mcs.table[key] = cls
        return cls


class _Identity(metaclass=_TranslatorRegistry):
    handles = ("MHATokenToKVPool", "TokenToKVPoolAllocator")

    def __init__(self, holder):
        self.holder = holder

    def __call__(self, loc):
        return loc


class _SlidingWindow(metaclass=_TranslatorRegistry):
    handles = ("SWAKVPool", "SWATokenToKVPoolAllocator")

    def __init__(self, holder):
        self.holder = holder

    def __call__(self, loc):
        return operator.methodcaller("translate_loc_from_full_to_swa", loc)(self.holder)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        # The allocator is the object that owns the index space; key the translator on it.
        owner = model_runner.token_to_kv_pool_allocator
        self._translate = _TranslatorRegistry.table[type(owner).__name__](owner)

    def forward_decode(self, loc):
        return self.kv_pool, self._translate(loc)
