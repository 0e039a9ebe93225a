"""Decode KV view that supports live reconfiguration.

``reconfigure`` is called by the scheduler after a page-size or dtype change.
It rebinds the view to the runner's active KV pool and records allocator
capacity for the decode metrics exporter. Capacity numbers are informational
only; the view never consults the allocator to pick buffers.
"""

import logging
import time
from dataclasses import dataclass, field
from typing import Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeViewStats:
    reconfigures: int = 0
    last_reconfigure_ts: float = 0.0
    capacity: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.model_runner = model_runner
        self.stats = DecodeViewStats()
        self.page_size = page_size or model_runner.page_size
        self.pool: Optional[KVCache] = None
        self.swa_pool: Optional[SWAKVPool] = None
        self.reconfigure(self.page_size)

    def reconfigure(self, page_size: int) -> None:
        self.page_size = page_size
        self.pool = self.model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        self._record_capacity()

    def _record_capacity(self) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        self.stats.reconfigures += 1
        self.stats.last_reconfigure_ts = time.monotonic()
        self.stats.capacity = {"available": int(allocator.available_size())}
        size_swa = getattr(allocator, "size_swa", None)
        if size_swa is not None:
            self.stats.capacity["swa"] = int(size_swa)
        logger.info("decode view reconfigured: %s", self.stats.capacity)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
