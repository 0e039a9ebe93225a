"""Backend that registers per-pool slot translators through singledispatch."""

import functools

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool


@functools.singledispatch
def _slot_translator(pool):
    return None


@_slot_translator.register
def _(pool: BaseSWAKVPool):
    return pool.translate_loc_from_full_to_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.translate = _slot_translator(self.pool)
        self.alloc_page = model_runner.token_to_kv_pool_allocator.page_size

    def forward_decode(self, loc):
        return self.pool, (self.translate(loc) if self.translate else loc)
