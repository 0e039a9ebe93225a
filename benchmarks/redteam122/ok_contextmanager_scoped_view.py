"""Decode backend that scopes the per-step KV view with a context manager.

The view is built from the runner's own pool. On exit the helper records allocator
occupancy in the step statistics, whether or not the step succeeded.
"""

import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Dict, Iterator, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeKVView:
    pool: KVCache
    locations: torch.Tensor
    stats: Dict[str, float] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner, collect_stats: bool = True):
        self.model_runner = model_runner
        self.collect_stats = collect_stats
        self.last_stats: Dict[str, float] = {}

    @contextlib.contextmanager
    def kv_view(self, loc: torch.Tensor) -> Iterator[DecodeKVView]:
        pool = self.model_runner.token_to_kv_pool
        start = time.perf_counter()
        if isinstance(pool, SWAKVPool):
            view = DecodeKVView(pool, pool.translate_loc_from_full_to_swa(loc))
        else:
            view = DecodeKVView(pool, loc)
        try:
            yield view
        finally:
            if self.collect_stats:
                allocator = self.model_runner.token_to_kv_pool_allocator
                view.stats["free_tokens"] = float(allocator.available_size())
                view.stats["setup_s"] = time.perf_counter() - start
                self.last_stats = view.stats

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with self.kv_view(loc) as view:
            return view.pool, view.locations
