"""TRT-LLM-style backend that picks per-layer page tables from its own pool's layers_mapping."""

from typing import Dict, Tuple

SWA_LAYER_PROBE = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._layers_mapping: Dict[int, Tuple[int, bool]] = dict(
            getattr(self.token_to_kv_pool, "layers_mapping", None) or {}
        )
        self._has_swa_layers = any(is_swa for _, is_swa in self._layers_mapping.values())

    def _is_swa_layer(self, layer_id: int) -> bool:
        entry = self._layers_mapping.get(layer_id)
        return bool(entry and entry[1])

    def forward_decode(self, loc):
        if self._has_swa_layers and self._is_swa_layer(SWA_LAYER_PROBE):
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
