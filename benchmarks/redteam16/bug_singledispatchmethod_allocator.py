"""Decode backend that picks its KV layout with a functools.singledispatchmethod dispatched on the allocator's type."""

import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.layout = self._layout_for(model_runner.token_to_kv_pool_allocator)

    @functools.singledispatchmethod
    def _layout_for(self, allocator):
        return "full"

    @_layout_for.register
    def _(self, allocator: SWATokenToKVPoolAllocator):
        return "sliding"

    def forward_decode(self, loc):
        if self.layout == "sliding":
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
