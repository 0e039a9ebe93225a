"""Treats the model as hybrid when the allocator carries a swa_attn_allocator and remaps decode locations through its own pool."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid allocators split capacity between a full and a sliding-window sub-allocator.
        self.has_swa_layers = hasattr(allocator, "swa_attn_allocator")
        if self.has_swa_layers:
            logger.info("sliding-window sub-allocator detected; enabling SWA decode path")

    def forward_decode(self, loc):
        if self.has_swa_layers:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.token_to_kv_pool, swa_loc
        return self.token_to_kv_pool, loc
