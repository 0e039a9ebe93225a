"""Attention backend that lazily works out whether decode indices live in the sliding-window space."""

from functools import cached_property


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator

    @cached_property
    def uses_window_indices(self) -> bool:
        # Hybrid pools keep a full->SWA index table next to their full sub-pool.
        return hasattr(self.token_to_kv_pool, "full_to_swa_index_mapping")

    def _decode_indices(self, loc):
        if self.uses_window_indices:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._decode_indices(loc)
