"""Derives a KV read mode enum from the owned pool and tags it with the allocator's class name for profiler ranges."""

import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVReadMode(enum.Enum):
    FULL = "full"
    SLIDING_WINDOW = "sliding_window"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.read_mode = (
            KVReadMode.SLIDING_WINDOW if isinstance(self.pool, SWAKVPool) else KVReadMode.FULL
        )
        alloc_name = type(model_runner.token_to_kv_pool_allocator).__name__
        self.profile_tag = f"decode[{self.read_mode.value}@{alloc_name}]"

    def forward_decode(self, loc):
        if self.read_mode is KVReadMode.SLIDING_WINDOW:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
