import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.singledispatch
def as_swa_pool(pool):
    return None


@as_swa_pool.register
def _(pool: SWAKVPool):
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = as_swa_pool(self.default_pool)
        self.alloc_size = model_runner.token_to_kv_pool_allocator.size

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.default_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
