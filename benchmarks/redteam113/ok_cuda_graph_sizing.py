"""CUDA-graph friendly decode backend for hybrid sliding-window models.

Static buffers captured into CUDA graphs are sized up front. The number of
KV indices a captured batch may touch is bounded by the allocator's total
token capacity, so the index scratch buffer is sized from that count.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

DEFAULT_CAPTURE_BS: List[int] = [1, 2, 4, 8, 16, 32, 64, 128]


class GeneratedAttnBackend:
    def __init__(self, model_runner, capture_bs: Optional[List[int]] = None):
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        self.capture_bs = sorted(capture_bs or DEFAULT_CAPTURE_BS)
        capacity = int(allocator.size)
        self.max_graph_bs = min(self.capture_bs[-1], max(1, capacity))
        self.kv_indices_buf = torch.zeros(
            max(1, min(capacity, self.max_graph_bs * 64)), dtype=torch.int64
        )
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_cache: Optional[SWAKVPool] = (
            self.kv_cache if isinstance(self.kv_cache, SWAKVPool) else None
        )
        logger.info(
            "graph buffers: capacity=%d max_bs=%d swa=%s",
            capacity,
            self.max_graph_bs,
            self.swa_kv_cache is not None,
        )

    def padded_bs(self, bs: int) -> int:
        for cand in self.capture_bs:
            if cand >= bs:
                return cand
        return bs

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_cache is not None:
            return self.swa_kv_cache, self.swa_kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
