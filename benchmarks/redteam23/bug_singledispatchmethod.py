"""Backend that registers per-allocator setup through singledispatchmethod."""

import functools

from sglang.srt.mem_cache.allocator.base import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.translate = self._setup(model_runner.token_to_kv_pool_allocator)

    @functools.singledispatchmethod
    def _setup(self, allocator):
        return None

    @_setup.register
    def _(self, allocator: SWATokenToKVPoolAllocator):
        return self.pool.translate_loc_from_full_to_swa

    def forward_decode(self, loc):
        return self.pool, (self.translate(loc) if self.translate else loc)
