"""Decode backend for interleaved local/global attention (Gemma-3 style).

A layer-id keyed table records each layer's window. Windowed layers read KV
through the SWA index space when the runner's KV pool is a hybrid SWA pool.
"""

import logging
from typing import Dict, Optional

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
        sliding_window_size: int = 1024,
    ):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.layer_windows: Dict[int, int] = {
            lid: (-1 if (lid + 1) % sliding_window_pattern == 0 else sliding_window_size)
            for lid in range(num_layers)
        }
        self.current_layer = 0
        logger.info(
            "local layers=%d, hybrid pool=%s",
            sum(w > 0 for w in self.layer_windows.values()),
            self.swa_kv_pool is not None,
        )

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.layer_windows.get(layer_id, -1) > 0

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None and self.is_swa_layer(self.current_layer):
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
