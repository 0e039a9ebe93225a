"""Window-aware decode backend.

A pool that owns a registered full->SWA mapping (present in its instance
dictionary) is read through the window index space.
"""

from typing import Any, Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache


def _instance_fields(obj) -> Dict[str, Any]:
    try:
        return vars(obj)
    except TypeError:
        return {}


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, layer_offset: int = 0):
        super().__init__()
        self.layer_offset = layer_offset
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        fields = _instance_fields(self.kv_cache)
        self.owns_mapping = fields.get("full_to_swa_index_mapping") is not None

    def _resolve_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.owns_mapping:
            return loc
        return self.kv_cache.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_cache, self._resolve_locations(loc)
