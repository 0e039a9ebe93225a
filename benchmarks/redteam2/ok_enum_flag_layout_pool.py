import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVLayout(enum.Flag):
    NONE = 0
    PAGED = enum.auto()
    WINDOWED = enum.auto()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        layout = KVLayout.NONE
        if alloc.page_size > 1:
            layout |= KVLayout.PAGED
        if isinstance(self.pool, SWAKVPool):
            layout |= KVLayout.WINDOWED
        self.layout = layout

    def forward_decode(self, loc):
        if KVLayout.WINDOWED in self.layout:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
