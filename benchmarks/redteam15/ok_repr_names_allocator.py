"""Includes the allocator's class name in __repr__ for debugging; windowed reads depend only on the owned pool's type."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._allocator_cls = type(model_runner.token_to_kv_pool_allocator).__name__
        self._pool_cls = type(self.kv_pool).__name__
        self._windowed = isinstance(self.kv_pool, SWAKVPool)

    def __repr__(self):
        return (
            f"{type(self).__name__}(pool={self._pool_cls}, "
            f"allocator={self._allocator_cls}, windowed={self._windowed})"
        )

    def forward_decode(self, loc):
        if self._windowed:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
