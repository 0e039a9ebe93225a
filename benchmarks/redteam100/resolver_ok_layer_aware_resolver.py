"""Hybrid SWA decode backend with a layer-aware pool resolver.

Windowed layers translate full-cache locations into the SWA index space of the
pool that backs this runner. EAGLE draft workers share the target allocator
but own a full-attention-only pool, so they never translate; frozen-KV MTP
drafts read the target's cache directly.
"""

from typing import Optional, Sequence

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        swa_layer_ids: Sequence[int] = (0, 1, 2, 4, 5, 6),
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
        runner = self.model_runner
        active_pool = runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self._resolve_swa_pool(self.current_layer)
        if swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
