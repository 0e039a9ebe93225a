import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self._to_swa = functools.partial(
                SWATokenToKVPoolAllocator.translate_loc_from_full_to_swa, allocator
            )
        else:
            self._to_swa = None

    def forward_decode(self, loc):
        if self._to_swa is not None:
            loc = self._to_swa(loc)
        return self.kv_pool, loc
