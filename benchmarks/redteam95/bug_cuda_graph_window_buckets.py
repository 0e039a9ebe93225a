"""CUDA-graph capture buckets for sliding-window decode.

Window layers only ever touch ``size_swa`` slots, so graph buckets whose worst-case
token count exceeds the window capacity are dropped for the windowed path. When at
least one bucket survives, decode runs through the windowed cache.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

DEFAULT_BUCKETS = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 160)


def window_buckets(allocator, num_steps: int, buckets=DEFAULT_BUCKETS) -> List[int]:
    capacity = getattr(allocator, "size_swa", 0)
    return [bs for bs in buckets if 0 < bs * num_steps <= capacity]


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_steps: int = 4):
        self.device = model_runner.device
        self.num_steps = num_steps
        allocator = model_runner.token_to_kv_pool_allocator
        self.graph_buckets = list(DEFAULT_BUCKETS)
        self.swa_buckets = window_buckets(allocator, num_steps)
        self.decode_cache: KVCache = model_runner.token_to_kv_pool
        self.window_cache: Optional[KVCache] = None
        if self.swa_buckets:
            self.window_cache = allocator.get_kvcache()
            logger.info("windowed graph buckets: %s", self.swa_buckets)
        max_bs = max(self.swa_buckets or self.graph_buckets)
        self.cuda_graph_loc = torch.zeros(max_bs * num_steps, dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        if self.window_cache is not None:
            return self.window_cache, self.window_cache.translate_loc_from_full_to_swa(loc)
        return self.decode_cache, loc
