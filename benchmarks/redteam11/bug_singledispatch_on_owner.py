"""Backend that picks its index translation by single dispatch on the KV index owner."""

import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._index_owner = model_runner.token_to_kv_pool_allocator
        self._translate = self._translator_for(self._index_owner)

    @functools.singledispatchmethod
    def _translator_for(self, owner):
        return None

    @_translator_for.register
    def _(self, owner: SWAKVPool):
        return owner.translate_loc_from_full_to_swa

    @_translator_for.register
    def _(self, owner: SWATokenToKVPoolAllocator):
        return owner.translate_loc_from_full_to_swa

    def forward_decode(self, loc):
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
