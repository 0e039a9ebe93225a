import abc

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class HybridKVLayout(abc.ABC):
    """KV layouts that keep a separate sliding-window region."""


HybridKVLayout.register(SWATokenToKVPoolAllocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.windowed = isinstance(model_runner.token_to_kv_pool_allocator, HybridKVLayout)

    def forward_decode(self, loc):
        if not self.windowed:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
