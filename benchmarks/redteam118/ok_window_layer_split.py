"""Per-layer location selection for interleaved full / sliding-window layers.

The hybrid pool records which global layers are window layers; decode picks the
SWA locations for those and keeps full locations for the rest.
"""

from typing import Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, probe_layer_id: Optional[int] = None):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.layers_mapping: Dict[int, Tuple[int, bool]] = (
            dict(self.swa_kv_pool.layers_mapping) if self.swa_kv_pool is not None else {}
        )
        self.probe_layer_id = (
            probe_layer_id if probe_layer_id is not None else (self._first_window_layer())
        )

    def _first_window_layer(self) -> int:
        for layer_id, (_, is_swa) in sorted(self.layers_mapping.items()):
            if is_swa:
                return layer_id
        return 0

    def is_window_layer(self, layer_id: int) -> bool:
        entry = self.layers_mapping.get(layer_id)
        return bool(entry and entry[1])

    def locations_for_layer(self, layer_id: int, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is not None and self.is_window_layer(layer_id):
            return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        locations = self.locations_for_layer(self.probe_layer_id, loc)
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.kv_pool
        return pool, locations
