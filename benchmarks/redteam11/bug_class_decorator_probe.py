"""Backends get their SWA switch from a class decorator that wraps __init__."""

import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def with_swa_probe(member):
    def decorate(cls):
        original = cls.__init__

        @functools.wraps(original)
        def __init__(self, model_runner):
            original(self, model_runner)
            probed = getattr(model_runner, member)
            self.use_swa = isinstance(probed, (SWAKVPool, SWATokenToKVPoolAllocator))

        cls.__init__ = __init__
        return cls

    return decorate


@with_swa_probe("token_to_kv_pool_allocator")
class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.use_swa = False

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
