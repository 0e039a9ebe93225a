from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _legacy_uses_swa(model_runner):
    return isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)


def _uses_swa(model_runner):
    return isinstance(model_runner.token_to_kv_pool, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_swa = _uses_swa(model_runner)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
