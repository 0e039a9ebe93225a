import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@functools.singledispatch
def _sliding_window_enabled(obj) -> bool:
    return False


@_sliding_window_enabled.register
def _(obj: SWATokenToKVPoolAllocator) -> bool:
    return True


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.sliding = _sliding_window_enabled(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self.sliding:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
