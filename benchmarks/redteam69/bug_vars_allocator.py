"""Window-aware decode backend.

Uses the instance dictionary of the allocator to detect the full->SWA
mapping table; properties and methods inherited from the base allocator are
deliberately ignored so that only allocators that actually *own* a mapping
count as windowed.
"""

from typing import Dict, Any

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
        allocator = model_runner.token_to_kv_pool_allocator
        fields = _instance_fields(allocator)
        self.owns_mapping = "full_to_swa_index_mapping" in fields
        self.kv_cache: KVCache = (
            allocator.get_kvcache() if self.owns_mapping else model_runner.token_to_kv_pool
        )

    def _resolve_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.owns_mapping:
            return loc
        return self.kv_cache.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_cache, self._resolve_locations(loc)
