"""Decode backend that exports a histogram of window-slot usage alongside translation."""

import logging
from dataclasses import dataclass, field
from typing import List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowHistogram:
    num_bins: int
    capacity: int
    counts: List[int] = field(default_factory=list)

    def __post_init__(self):
        self.counts = [0] * self.num_bins

    def observe(self, window_loc: torch.Tensor):
        if self.capacity <= 0:
            return
        bins = (window_loc.clamp(min=0) * self.num_bins // self.capacity).clamp(
            max=self.num_bins - 1
        )
        for b in bins.tolist():
            self.counts[b] += 1


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Allocator capacity only sizes the histogram buckets.
        capacity = int(getattr(allocator, "size_swa", 0) or 0)
        self.hist = WindowHistogram(num_bins=8, capacity=capacity)

        self.swa_index_map = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_index_map = self.kv_pool.full_to_swa_index_mapping
        self.cuda_graph_window_loc = torch.zeros(
            getattr(model_runner, "max_running_requests", 8) or 8,
            dtype=torch.int64,
            device=self.device,
        )

    def init_forward_metadata(self, forward_batch):
        if self.swa_index_map is not None:
            self.hist.observe(self.swa_index_map[forward_batch.out_cache_loc])

    def dump_metrics(self):
        logger.info("window slot histogram: %s", self.hist.counts)

    def forward_decode(self, loc):
        if self.swa_index_map is None:
            return self.kv_pool, loc
        window_loc = self.swa_index_map.index_select(0, loc)
        self.hist.observe(window_loc)
        return self.kv_pool, window_loc
