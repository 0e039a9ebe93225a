"""Exposes the allocator through a property for capacity queries and caches a sliding-window test made on that allocator."""

import functools


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @property
    def allocator(self):
        return self._model_runner.token_to_kv_pool_allocator

    @property
    def max_total_num_tokens(self):
        return self.allocator.size

    @functools.cached_property
    def uses_sliding_window(self) -> bool:
        return "full_to_swa_index_mapping" in vars(self.allocator)

    def forward_decode(self, loc):
        if self.uses_sliding_window:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
