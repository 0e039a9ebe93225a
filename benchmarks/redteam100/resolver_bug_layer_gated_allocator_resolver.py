"""Hybrid SWA decode backend with a layer-aware KV pool resolver.

`_resolve_swa_pool(layer_id)` returns the SWA pool for windowed layers and
None for global layers or non-hybrid caches.
"""

from typing import Optional, Sequence

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        swa_layer_ids: Sequence[int] = (0, 1, 2, 3, 4, 6, 7, 8, 9, 10),
    ):
        super().__init__()
        self.model_runner = model_runner
        self.swa_layer_ids = frozenset(swa_layer_ids)
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.swa_layer_ids

    def _resolve_swa_pool(self, layer_id: int) -> Optional[SWAKVPool]:
        if not self.is_swa_layer(layer_id):
            return None
        active_pool = self.model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self._resolve_swa_pool(self.current_layer)
        if swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
