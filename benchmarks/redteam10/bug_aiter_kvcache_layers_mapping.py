"""aiter backend port: detect the hybrid SWA KV layout."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        # SWAKVPool exposes layers_mapping: layer_id -> (index, is_swa)
        self.layers_mapping = getattr(kv_cache, "layers_mapping", None)
        self.use_swa_kv = bool(self.layers_mapping)
        self.kv_cache = kv_cache
        logger.debug("aiter: hybrid swa kv=%s", self.use_swa_kv)

    def _layer_is_swa(self, layer_id: int) -> bool:
        if not self.use_swa_kv:
            return False
        _, is_swa = self.layers_mapping[layer_id]
        return is_swa

    def forward_decode(self, loc, layer_id: int = 0):
        if self._layer_is_swa(layer_id):
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
