"""Triton-style decode backend that keeps a KV free-slot snapshot for metrics and mode."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVSlotStats:
    total: int
    free: int
    window_free: Optional[int]
    windowed: bool

    @property
    def utilization(self) -> float:
        return 0.0 if self.total == 0 else 1.0 - self.free / self.total


def collect_stats(allocator, pool) -> KVSlotStats:
    window_free = None
    if hasattr(allocator, "swa_available_size"):
        window_free = allocator.swa_available_size()
    return KVSlotStats(
        total=allocator.size,
        free=allocator.available_size(),
        window_free=window_free,
        windowed=window_free is not None,
    )


@dataclass
class TritonDecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    window_kv_indices: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.stats = collect_stats(self.allocator, self.pool)
        self.forward_metadata = TritonDecodeMetadata()
        logger.info(
            "KV slots: %d/%d free (window free: %s)",
            self.stats.free,
            self.stats.total,
            self.stats.window_free,
        )

    def refresh_stats(self) -> KVSlotStats:
        self.stats = collect_stats(self.allocator, self.pool)
        return self.stats

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        kv_indices = forward_batch.out_cache_loc.to(torch.int64)
        window = None
        if self.stats.windowed:
            window = self.pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = TritonDecodeMetadata(kv_indptr, kv_indices, window)

    def forward_decode(self, loc):
        if self.stats.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
