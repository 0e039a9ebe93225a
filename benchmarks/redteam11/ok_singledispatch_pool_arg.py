"""Backend that dispatches on the pool it reads; an allocator overload exists for tooling."""

import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.singledispatch
def swa_translator(holder):
    return None


@swa_translator.register
def _(holder: SWAKVPool):
    return holder.translate_loc_from_full_to_swa


@swa_translator.register
def _(holder: SWATokenToKVPoolAllocator):
    return holder.translate_loc_from_full_to_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self._translate = swa_translator(self.kv_pool)

    def forward_decode(self, loc):
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
