"""Decode backend whose cached_property scans the allocator type's MRO for an SWA-prefixed class name."""

import functools


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def uses_sliding_window(self):
        kinds = type(self._runner.token_to_kv_pool_allocator).__mro__
        return any(cls.__name__.startswith("SWA") for cls in kinds)

    def forward_decode(self, loc):
        if self.uses_sliding_window:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
