"""Walks its own pool's class hierarchy in a while loop looking for SWAKVPool; the allocator's class name is kept only for repr."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator_kind = type(model_runner.token_to_kv_pool_allocator).__name__
        self.hybrid = False
        cls = type(self.pool)
        while cls is not object:
            if cls is SWAKVPool:
                self.hybrid = True
                break
            cls = cls.__mro__[1]

    def __repr__(self):
        return f"GeneratedAttnBackend(hybrid={self.hybrid}, allocator={self._allocator_kind})"

    def forward_decode(self, loc):
        if self.hybrid:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
