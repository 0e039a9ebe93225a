"""Attention backend that picks its KV layout mode (full or sliding-window) once at construction."""

import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVMode(enum.Enum):
    FULL = "full"
    SLIDING = "sliding"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.mode = (
            KVMode.SLIDING if isinstance(model_runner.token_to_kv_pool, SWAKVPool) else KVMode.FULL
        )

    def forward_decode(self, loc):
        if self.mode is KVMode.SLIDING:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
