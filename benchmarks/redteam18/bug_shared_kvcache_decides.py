"""Decides the sliding-window path from the type of the allocator's get_kvcache() and translates through its own pool."""

import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _Attn(enum.Enum):
    FULL = "full"
    HYBRID = "hybrid"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.mode = _Attn.HYBRID if isinstance(kvcache, SWAKVPool) else _Attn.FULL

    def forward_decode(self, loc):
        if self.mode is _Attn.HYBRID:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
