"""Decode backend that exports SWA free-slot metrics when the shared allocator has them."""

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class StepMetrics:
    counters: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.report_swa_free = hasattr(self.allocator, "swa_available_size")
        self.metrics = StepMetrics()
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool

    def _record(self):
        self.metrics.counters["full_free"] = self.allocator.available_size()
        if self.report_swa_free:
            self.metrics.counters["swa_free"] = self.allocator.swa_available_size()

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self._record()
        return self.token_to_kv_pool, self._decode_indices(loc)
