"""Decode backend with KV-cache occupancy metrics.

Occupancy gauges are sampled from the token allocator on every decode step;
attention itself reads from the runner's own KV pool.
"""

import logging
import time
from dataclasses import dataclass, field
from typing import Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeKVStats:
    steps: int = 0
    last_available_tokens: int = 0
    last_sample_ts: float = 0.0
    extra: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner, metrics_interval: int = 32):
        self.metrics_interval = metrics_interval
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        self.stats = DecodeKVStats()
        logger.info(
            "KV metrics enabled (allocator=%s, swa_pool=%s)",
            type(self.allocator).__name__,
            self.is_swa,
        )

    def _sample_metrics(self) -> None:
        self.stats.steps += 1
        if self.stats.steps % self.metrics_interval:
            return
        self.stats.last_available_tokens = int(self.allocator.available_size())
        self.stats.last_sample_ts = time.monotonic()
        if hasattr(self.allocator, "swa_available_size"):
            self.stats.extra["swa_available"] = int(self.allocator.swa_available_size())

    def forward_decode(self, loc: torch.Tensor):
        self._sample_metrics()
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
