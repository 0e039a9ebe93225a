"""Decode backend that exports allocator occupancy gauges.

Hybrid allocators expose ``swa_available_size``; plain ones do not, so the
metric read is wrapped in ``contextlib.suppress(AttributeError)``.
"""

import contextlib
import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVUsageSnapshot:
    values: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner, collect_metrics: bool = True):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.collect_metrics = collect_metrics
        self.last_snapshot = KVUsageSnapshot()

    def _snapshot(self) -> KVUsageSnapshot:
        snap = KVUsageSnapshot()
        snap.values["available"] = int(self.allocator.available_size())
        with contextlib.suppress(AttributeError):
            snap.values["swa_available"] = int(self.allocator.swa_available_size())
        with contextlib.suppress(AttributeError):
            snap.values["full_available"] = int(self.allocator.full_available_size())
        return snap

    def forward_decode(self, loc: torch.Tensor):
        if self.collect_metrics:
            self.last_snapshot = self._snapshot()
            logger.debug("kv usage: %s", self.last_snapshot.values)
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
