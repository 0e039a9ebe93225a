"""Decode backend that sizes its CUDA-graph buckets from allocator counts.

When the sliding-window budget is smaller than the full budget, the largest captured batch is
capped by the SWA slot count, and decode remaps full-cache locations into the sliding-window
region.
"""

import bisect
import logging
from typing import List, Tuple

import torch

logger = logging.getLogger(__name__)

_DEFAULT_BUCKETS: List[int] = [1, 2, 4, 8, 16, 32, 64, 128, 256]


class GeneratedAttnBackend:
    def __init__(self, model_runner, buckets: List[int] = None):
        alloc = model_runner.token_to_kv_pool_allocator
        self.allocator = alloc
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_capacity_limited = alloc.size_swa < alloc.size_full
        cap = alloc.size_swa if self.swa_capacity_limited else alloc.size_full
        self.graph_buckets = [b for b in (buckets or _DEFAULT_BUCKETS) if b <= cap]
        logger.info(
            "cuda graph buckets=%s (swa_capacity_limited=%s)",
            self.graph_buckets,
            self.swa_capacity_limited,
        )

    def bucket_for(self, bs: int) -> int:
        i = bisect.bisect_left(self.graph_buckets, bs)
        return self.graph_buckets[min(i, len(self.graph_buckets) - 1)]

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if not self.swa_capacity_limited:
            return self.kv_pool, loc
        return self.kv_pool, self.allocator.translate_loc_from_full_to_swa(loc)
