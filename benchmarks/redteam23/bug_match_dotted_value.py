"""Backend selecting its KV slot translation with a match on the allocator type."""

from sglang.srt.mem_cache.allocator import swa as swa_alloc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        match type(alloc):
            case swa_alloc.SWATokenToKVPoolAllocator:
                self.map_loc = alloc.translate_loc_from_full_to_swa
            case _:
                self.map_loc = None

    def forward_decode(self, loc):
        if self.map_loc:
            loc = self.map_loc(loc)
        return self.pool, loc
