from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    _LAYOUTS = {}

    @classmethod
    def register(cls, allocator_cls, layout):
        cls._LAYOUTS[allocator_cls] = layout

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator
        self.layout = self._LAYOUTS.get(type(self.alloc), "full")

    def forward_decode(self, loc):
        if self.layout == "window":
            return self.pool, self.alloc.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


GeneratedAttnBackend.register(SWATokenToKVPoolAllocator, "window")
