"""Triton decode backend with per-step KV read metrics."""

import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVReadStats:
    label: str
    steps: int = 0
    tokens: int = 0
    by_path: Counter = field(default_factory=Counter)
    last_step_s: float = 0.0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        alloc_name = type(allocator).__name__
        # metrics are bucketed by allocator flavour (SWA vs paged) for dashboards
        label = "swa_alloc" if alloc_name.startswith("SWA") else "full_alloc"
        self.stats = KVReadStats(label=label)
        self.free_tokens_at_init = int(allocator.available_size())
        self.sliding_window = isinstance(self.kv_pool, SWAKVPool)
        self.kv_indices: Optional[torch.Tensor] = None

    def _record(self, path: str, n: int, t0: float):
        self.stats.steps += 1
        self.stats.tokens += n
        self.stats.by_path[path] += 1
        self.stats.last_step_s = time.perf_counter() - t0
        if self.stats.steps % 1000 == 0:
            logger.info("kv read stats[%s]: %s", self.stats.label, self.stats)

    def init_forward_metadata(self, loc: torch.Tensor):
        t0 = time.perf_counter()
        if self.sliding_window:
            self.kv_indices = self.kv_pool.translate_loc_from_full_to_swa(loc)
            path = "swa"
        else:
            self.kv_indices = loc
            path = "full"
        self._record(path, loc.numel(), t0)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.kv_indices
