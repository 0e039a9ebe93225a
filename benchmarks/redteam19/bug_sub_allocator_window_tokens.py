"""Sizes the window from the allocator's swa_attn_allocator and, when non-zero, remaps decode locations with the allocator's own translator."""

import logging

logger = logging.getLogger(__name__)


def _window_capacity(allocator) -> int:
    sub = getattr(allocator, "swa_attn_allocator", None)
    return getattr(sub, "size", 0) if sub is not None else 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_capacity = _window_capacity(model_runner.token_to_kv_pool_allocator)
        logger.info("sliding-window capacity: %d tokens", self.window_capacity)

    def forward_decode(self, loc):
        if self.window_capacity:
            allocator = self.model_runner.token_to_kv_pool_allocator
            return self.kv_pool, allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
