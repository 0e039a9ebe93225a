"""Backend that caches the KV pool it reads in a class-level dict keyed by the shared allocator."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    _pool_by_allocator: dict = {}

    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        key = id(allocator)
        if key not in self._pool_by_allocator:
            self._pool_by_allocator[key] = allocator.get_kvcache()
        self.pool = self._pool_by_allocator[key]
        self.use_swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
