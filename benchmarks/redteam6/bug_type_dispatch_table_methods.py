from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_DECODE_IMPL = {
    SWATokenToKVPoolAllocator: "_decode_sliding_window",
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        impl_name = _DECODE_IMPL.get(type(model_runner.token_to_kv_pool_allocator), "_decode_full")
        self._decode_impl = getattr(self, impl_name)

    def _decode_full(self, loc):
        return self.pool, loc

    def _decode_sliding_window(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self._decode_impl(loc)
