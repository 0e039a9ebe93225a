"""Treats the model as hybrid when its own pool carries a swa_kv_pool and remaps decode locations through that pool; reports the allocator's SWA share."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid pools keep the sliding-window layers in a separate swa_kv_pool.
        self.has_swa_layers = hasattr(self.token_to_kv_pool, "swa_kv_pool")
        if hasattr(allocator, "swa_attn_allocator"):
            logger.info(
                "shared allocator reserves %d sliding-window tokens",
                allocator.swa_attn_allocator.size,
            )

    def forward_decode(self, loc):
        if self.has_swa_layers:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.token_to_kv_pool, swa_loc
        return self.token_to_kv_pool, loc
