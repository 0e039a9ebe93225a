"""Decode-side attention backend for interleaved sliding-window / global attention models.

Gemma-style models alternate a block of local (sliding-window) layers with one
global layer. The backend keeps a per-layer table describing which layers are
local so the decode kernel can be pointed at the right KV region.
"""

import logging
from typing import Dict, List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        num_layers: int = 12,
        sliding_window_pattern: int = 6,
        sliding_window_size: int = 4096,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        # Every `sliding_window_pattern`-th layer is global; the rest are local.
        self.layer_windows: Dict[int, int] = {
            layer_id: (-1 if (layer_id + 1) % sliding_window_pattern == 0 else sliding_window_size)
            for layer_id in range(num_layers)
        }
        self.swa_layer_ids: List[int] = [lid for lid, w in self.layer_windows.items() if w > 0]
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.layer_windows.get(layer_id, -1) > 0

    def _kv_pool_for_layer(self, layer_id: int):
        if self.is_swa_layer(layer_id):
            kvcache = self.allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                return kvcache
        return self.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        pool = self._kv_pool_for_layer(self.current_layer)
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        logger.debug(
            "decode layer=%d window=%d pool=%s",
            self.current_layer,
            self.layer_windows[self.current_layer],
            type(pool).__name__,
        )
        return pool, loc
