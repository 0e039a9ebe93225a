"""Decode backend whose SWA remap is gated by a decorator factory that checks its own KV pool for the translate member."""

import functools
import logging

logger = logging.getLogger(__name__)


def _when_pool_has(member):
    """Run the wrapped remap only when this backend's own KV pool exposes ``member``."""

    def decorate(method):
        @functools.wraps(method)
        def wrapper(self, kv_indices):
            if not hasattr(self.kv_pool, member):
                return kv_indices
            logger.debug(
                "SWA remap on %s (allocator %s)",
                type(self.kv_pool).__name__,
                type(self._allocator).__name__,
            )
            return method(self, kv_indices)

        return wrapper

    return decorate


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        # kept for the write path (out_cache_loc comes from here); never used to pick buffers
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = self._allocator.page_size

    @_when_pool_has("translate_loc_from_full_to_swa")
    def _window_indices(self, kv_indices):
        return self.kv_pool.translate_loc_from_full_to_swa(kv_indices)

    def forward_decode(self, loc):
        return self.kv_pool, self._window_indices(loc)
