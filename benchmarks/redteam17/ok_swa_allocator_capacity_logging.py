"""Backend deciding SWA from its own pool's layers_mapping; the allocator's swa_attn_allocator is read only for a capacity log."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.layers_mapping = getattr(self.token_to_kv_pool, "layers_mapping", None)
        self.has_swa_layers = bool(self.layers_mapping) and any(
            is_swa for _, is_swa in self.layers_mapping.values()
        )
        swa_sub_allocator = getattr(
            model_runner.token_to_kv_pool_allocator, "swa_attn_allocator", None
        )
        if swa_sub_allocator is not None:
            logger.info("SWA sub-allocator capacity: %d", swa_sub_allocator.size)

    def forward_decode(self, loc):
        if self.has_swa_layers:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
