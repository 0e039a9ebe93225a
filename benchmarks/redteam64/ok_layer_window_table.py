"""Decode backend that precomputes a per-layer sliding-window table.

Hybrid SWA checkpoints interleave full-attention and windowed layers. The table is
built once from the KV pool's layer mapping; layers missing from the mapping (or a
pool without windowed layers) are treated as full attention.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window_size = sliding_window_size

        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.layer_is_swa: List[bool] = self._build_window_table(self.kv_pool.layer_num)
        self.window_left = torch.tensor(
            [sliding_window_size - 1 if swa else -1 for swa in self.layer_is_swa],
            dtype=torch.int32,
        )
        logger.info(
            "window table: %d/%d sliding layers, allocator=%s, free=%d",
            sum(self.layer_is_swa),
            len(self.layer_is_swa),
            type(allocator).__name__,
            allocator.available_size(),
        )

    def _build_window_table(self, num_layers: int) -> List[bool]:
        if self.swa_pool is None:
            return [False] * num_layers
        mapping = self.swa_pool.layers_mapping
        return [bool(mapping.get(i, (0, False))[1]) for i in range(num_layers)]

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
