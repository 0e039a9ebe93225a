"""Backend that maps the allocator's kvcache class to a KV layout enum through a module-level table."""

import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVLayout(enum.Enum):
    FULL = "full"
    SLIDING = "sliding"


_LAYOUT_BY_POOL_TYPE = {SWAKVPool: KVLayout.SLIDING}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.layout = _LAYOUT_BY_POOL_TYPE.get(type(kvcache), KVLayout.FULL)

    def forward_decode(self, loc):
        if self.layout is KVLayout.SLIDING:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
