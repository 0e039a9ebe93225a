"""CUDA-graph batch buckets bounded by allocator capacity.

Buckets whose worst-case decode footprint (``bs * num_steps`` tokens) would not fit in
the tighter allocator capacity are not captured. Which cache the graphs read from is
fixed by the runner's own KV pool.
"""

import logging
from typing import List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

CAPTURE_BS = [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 256]


def capture_buckets(allocator, num_steps: int) -> List[int]:
    limit = min(getattr(allocator, "size_swa", allocator.size), allocator.size)
    kept = [bs for bs in CAPTURE_BS if bs * num_steps <= limit]
    return kept or [1]


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_steps: int = 1):
        self.num_steps = num_steps
        self.capture_bs = capture_buckets(model_runner.token_to_kv_pool_allocator, num_steps)
        self.max_bs = max(self.capture_bs)
        pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool = pool
        self.swa_kv_pool = pool if isinstance(pool, SWAKVPool) else None
        self.graph_out_loc = torch.zeros(self.max_bs * num_steps, dtype=torch.int64)
        logger.info("capture buckets %s (max_bs=%d)", self.capture_bs, self.max_bs)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        translated = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, translated
