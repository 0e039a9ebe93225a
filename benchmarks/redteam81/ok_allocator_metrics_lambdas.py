"""Decode backend exporting KV capacity gauges.

The allocator is only used for capacity gauges; the KV pool the kernel reads
is the runner's own ``token_to_kv_pool``.
"""

import logging
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, export_metrics: bool = True):
        allocator = model_runner.token_to_kv_pool_allocator
        self.gauges: Dict[str, Callable[[], int]] = {
            "kv_available": allocator.available_size,
            "kv_swa_available": getattr(allocator, "swa_available_size", lambda: -1),
            "kv_swa_size": lambda: getattr(allocator, "size_swa", 0),
        }
        self.export_metrics = export_metrics
        pool = model_runner.token_to_kv_pool
        self.pool, self.is_swa = pool, isinstance(pool, SWAKVPool)

    def snapshot(self) -> Dict[str, int]:
        return {k: fn() for k, fn in self.gauges.items()} if self.export_metrics else {}

    def forward_decode(self, loc: torch.Tensor):
        self.export_metrics and logger.debug("kv gauges: %s", self.snapshot())
        return self.pool, (self.pool.translate_loc_from_full_to_swa(loc) if self.is_swa else loc)
