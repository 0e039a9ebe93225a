"""Decode backend that binds SWAKVPool.translate_loc_from_full_to_swa to its own pool with functools.partial when that pool is an SWAKVPool."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        # the allocator's page size drives the page-table stride; the pool decides the layout
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self._remap = (
            functools.partial(SWAKVPool.translate_loc_from_full_to_swa, pool)
            if isinstance(pool, SWAKVPool)
            else None
        )

    def forward_decode(self, loc):
        if self._remap is None:
            return self.kv_pool, loc
        return self.kv_pool, self._remap(loc)
