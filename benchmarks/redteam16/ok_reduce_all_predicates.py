"""Decode backend that folds pool-layout predicates with functools.reduce(operator.and_); the allocator only enters a page-size consistency check."""

import functools
import operator

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

# every predicate must hold before decode reads the SWA buffers
_SWA_DECODE_PREDICATES = (
    lambda pool, allocator: isinstance(pool, SWAKVPool),
    lambda pool, allocator: getattr(allocator, "page_size", 1) == pool.page_size,
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_decode = functools.reduce(
            operator.and_,
            (check(self.kv_pool, allocator) for check in _SWA_DECODE_PREDICATES),
            True,
        )

    def forward_decode(self, loc):
        if self.swa_decode:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
