"""Per-layer dispatch: which layers use the sliding window, from the kv cache layout."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_size = model_runner.sliding_window_size
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        mapping = getattr(kv, "layers_mapping", {}) or {}
        self.swa_layer_ids = sorted(lid for lid, (_, is_swa) in mapping.items() if is_swa)
        logger.info("SWA layers: %s (window=%s)", self.swa_layer_ids, self.sliding_window_size)

    def forward_decode(self, loc, layer_id: int = 0):
        if layer_id in self.swa_layer_ids:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
