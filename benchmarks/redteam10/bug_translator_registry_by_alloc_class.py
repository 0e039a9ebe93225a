"""Backend looking up a location translator by allocator class."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_LOC_TRANSLATORS = {
    SWATokenToKVPoolAllocator: lambda allocator, loc: allocator.translate_loc_from_full_to_swa(loc),
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._translator = _LOC_TRANSLATORS.get(type(self.allocator))

    def forward_decode(self, loc):
        if self._translator is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._translator(self.allocator, loc)
