"""Decode backend that records allocator pressure alongside its forward metadata.

Allocator statistics are snapshotted per batch for the scheduler's metrics exporter;
the KV reads themselves go through the runner's own pool.
"""

from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeStats:
    allocator_kind: str
    available_tokens: int
    debug: str = ""


@dataclass
class DecodeState:
    pool: KVCache
    stats: DecodeStats
    swa_pool: Optional[SWAKVPool] = None

    def __post_init__(self):
        if self.swa_pool is None and isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.state: Optional[DecodeState] = None

    def _snapshot_stats(self) -> DecodeStats:
        allocator = self.model_runner.token_to_kv_pool_allocator
        debug_print = getattr(allocator, "debug_print", None)
        return DecodeStats(
            allocator_kind=type(allocator).__name__,
            available_tokens=allocator.available_size(),
            debug=debug_print() if callable(debug_print) else "",
        )

    def init_forward_metadata(self) -> None:
        self.state = DecodeState(
            pool=self.model_runner.token_to_kv_pool, stats=self._snapshot_stats()
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.state is None:
            self.init_forward_metadata()
        if self.state.swa_pool is not None:
            return self.state.swa_pool, self.state.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.state.pool, loc
