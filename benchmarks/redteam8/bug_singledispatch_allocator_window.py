import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@functools.singledispatch
def _window_mode(allocator) -> str:
    return "full"


@_window_mode.register
def _(allocator: SWATokenToKVPoolAllocator) -> str:
    return "swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.mode = _window_mode(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self.mode == "swa":
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
