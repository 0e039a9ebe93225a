"""Hybrid local/global attention backend with a speculative-aware pool resolver.

EAGLE drafts are routed through the shared allocator's cache so the draft
sees the same SWA layout as the target. A per-layer table selects which layers
use the sliding window.
"""

from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_layers: int = 10, sliding_window: int = 128):
        super().__init__()
        self.model_runner = model_runner
        self.layer_table: Dict[int, Dict[str, object]] = {
            lid: {"swa": lid % 5 != 4, "window": sliding_window if lid % 5 != 4 else None}
            for lid in range(num_layers)
        }
        self.current_layer = 0
        self.swa_pool = self._resolve_swa_pool()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if runner.is_draft_worker and runner.spec_algorithm.is_eagle():
            shared = runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(shared, SWAKVPool):
                return shared
        return None

    def is_swa_layer(self, layer_id: int) -> bool:
        return bool(self.layer_table[layer_id]["swa"])

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None and self.is_swa_layer(self.current_layer):
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
