import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        hybrid = isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
        self._decode = self._decode_windowed if hybrid else self._decode_full

    def _decode_impl(self, loc, windowed):
        if windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    _decode_full = functools.partialmethod(_decode_impl, windowed=False)
    _decode_windowed = functools.partialmethod(_decode_impl, windowed=True)

    def forward_decode(self, loc):
        return self._decode(loc)
