"""Decode backend with per-layer metadata preallocated from the cache layout.

``ForwardMetadata`` keeps one slot per attention layer. The layer count is
taken from the allocator's KV cache (which may be wider than this runner's
own pool), so the table is a safe upper bound for every runner sharing it.
"""

from dataclasses import dataclass, field
from typing import List, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class ForwardMetadata:
    num_layers: int
    page_table: Optional[torch.Tensor] = None
    per_layer_scale: List[float] = field(default_factory=list)

    def __post_init__(self):
        if not self.per_layer_scale:
            self.per_layer_scale = [1.0] * self.num_layers


class GeneratedAttnBackend:
    def __init__(self, model_runner, default_scale: float = 1.0):
        shared_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        num_layers = getattr(shared_cache, "layer_num", 0)
        self.forward_metadata = ForwardMetadata(
            num_layers=num_layers, per_layer_scale=[default_scale] * num_layers
        )
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

    def _swa_view(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self._swa_view()
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
