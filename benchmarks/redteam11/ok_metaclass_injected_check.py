"""Backends get an injected SWA check from a metaclass that also records allocator classes."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SwaMeta(type):
    known_allocators = {SWATokenToKVPoolAllocator.__name__: SWATokenToKVPoolAllocator}

    def __new__(mcs, name, bases, ns):
        ns.setdefault("_is_swa", staticmethod(lambda r: isinstance(r.token_to_kv_pool, SWAKVPool)))
        ns.setdefault(
            "_alloc_known",
            staticmethod(
                lambda r: type(r.token_to_kv_pool_allocator).__name__ in mcs.known_allocators
            ),
        )
        return super().__new__(mcs, name, bases, ns)


class GeneratedAttnBackend(metaclass=_SwaMeta):
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.alloc_known = self._alloc_known(model_runner)
        self.use_swa = self._is_swa(model_runner)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
