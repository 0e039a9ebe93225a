from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool

    def _swa_enabled(self) -> bool:
        allocator = self.model_runner.token_to_kv_pool_allocator
        return self.__dict__.setdefault("_swa", isinstance(allocator, SWATokenToKVPoolAllocator))

    def forward_decode(self, loc):
        if self._swa_enabled():
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
