import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._decode = (
            self._decode_windowed if isinstance(self.pool, SWAKVPool) else self._decode_full
        )

    def _decode_impl(self, loc, windowed):
        if windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    _decode_full = functools.partialmethod(_decode_impl, windowed=False)
    _decode_windowed = functools.partialmethod(_decode_impl, windowed=True)

    def forward_decode(self, loc):
        return self._decode(loc)
