"""Hybrid SWA attention backend with a lazily resolved SWA pool.

The SWA pool is resolved on first use and cached. Per-layer window sizes are
kept in a dict keyed by layer id.
"""

import functools
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_layers: int = 8, window: int = 1024):
        super().__init__()
        self.model_runner = model_runner
        self.window_by_layer: Dict[int, Optional[int]] = {
            lid: (None if lid % 4 == 3 else window) for lid in range(num_layers)
        }
        self.current_layer = 0

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            # Draft owns a full-attention pool; the shared allocator's cache is the target's.
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.window_by_layer.get(layer_id) is not None

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_kv_pool
        if swa_pool is not None and self.is_swa_layer(self.current_layer):
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
