"""Backend that decides windowed decode lazily in a cached_property from whether the allocator serves this runner's pool."""

import functools


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator

    @functools.cached_property
    def windowed(self) -> bool:
        serves_this_pool = self._allocator.get_kvcache() is self.pool
        return serves_this_pool and hasattr(self._allocator, "translate_loc_from_full_to_swa")

    def forward_decode(self, loc):
        if not self.windowed:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
