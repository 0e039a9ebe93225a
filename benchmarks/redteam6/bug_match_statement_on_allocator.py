from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    """Chooses the KV layout once, with structural pattern matching on the allocator."""

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        match model_runner.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator(page_size=1):
                self.layout = "swa-token"
            case SWATokenToKVPoolAllocator():
                self.layout = "swa-paged"
            case _:
                self.layout = "full"

    def _swa_locations(self, loc):
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.layout.startswith("swa"):
            return self.kv_pool, self._swa_locations(loc)
        return self.kv_pool, loc
