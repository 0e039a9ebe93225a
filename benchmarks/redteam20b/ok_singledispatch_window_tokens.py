"""Decode backend that sizes the sliding window with a singledispatch function over KV objects."""

import functools
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.singledispatch
def window_tokens(kv_obj) -> Optional[int]:
    return None


@window_tokens.register
def _(kv_obj: SWAKVPool) -> Optional[int]:
    return kv_obj.size_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_tokens = window_tokens(self.pool)

    def forward_decode(self, loc):
        if self.swa_tokens is None:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
