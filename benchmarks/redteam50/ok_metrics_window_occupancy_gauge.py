"""Decode backend publishing a window-occupancy gauge from the hybrid allocator's free lists."""

import logging
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class Gauge:
    name: str
    read: Callable[[], float]
    samples: list = field(default_factory=list)

    def sample(self):
        self.samples.append((time.monotonic(), self.read()))
        del self.samples[:-32]
        return self.samples[-1][1]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.gauge: Optional[Gauge] = None
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            size = max(1, alloc.size_swa)
            self.gauge = Gauge(
                "kv_window_occupancy", lambda: 1.0 - alloc.swa_available_size() / size
            )
        else:
            size = max(1, alloc.size)
            self.gauge = Gauge("kv_occupancy", lambda: 1.0 - alloc.available_size() / size)
        self._pool_is_window = isinstance(self.kv_pool, SWAKVPool)
        self._step = 0

    def init_forward_metadata(self, forward_batch):
        self._step += 1
        if self._step % 100 == 0:
            logger.info("%s=%.3f", self.gauge.name, self.gauge.sample())
        self.seq_lens = forward_batch.seq_lens

    def forward_decode(self, loc):
        if self._pool_is_window:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
