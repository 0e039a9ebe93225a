"""Hybrid SWA decode backend with lightweight per-step cache metrics.

Metrics (free tokens, SWA capacity, allocator debug line) are read from the
token allocator; the cache the kernels read is the runner's own pool.
"""

import logging
import time
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 100):
        self.log_every = log_every
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool
        self.step = 0
        self.metrics: Dict[str, float] = {}

    def _record_metrics(self, bs: int) -> None:
        self.step += 1
        self.metrics["bs"] = bs
        self.metrics["free_tokens"] = self.allocator.available_size()
        self.metrics["swa_capacity"] = getattr(self.allocator, "size_swa", 0)
        self.metrics["ts"] = time.monotonic()
        if self.step % self.log_every == 0:
            logger.info("step %d: %s | %s", self.step, self.metrics, self.allocator.debug_print())

    def forward_decode(self, loc: torch.Tensor):
        self._record_metrics(loc.numel())
        pool = self.swa_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
