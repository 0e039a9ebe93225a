"""Decode backend that keeps runner KV handles together.

``(pool, allocator, req_to_token)`` are unpacked once; the allocator is only
used for the free-slot gauge exported with each decode step.
"""

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class StepStats:
    batch_size: int
    free_slots: int
    sliding: bool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, export_stats: bool = True):
        super().__init__()
        self.export_stats = export_stats
        pool, allocator, *rest = (
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            model_runner.req_to_token_pool,
        )
        self.kv_pool: KVCache = pool
        self.allocator = allocator
        self.req_to_token_pool = rest[0] if rest else None
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.last_stats: Optional[StepStats] = None

    def _record(self, loc: torch.Tensor) -> None:
        if not self.export_stats:
            return
        self.last_stats = StepStats(
            batch_size=int(loc.numel()),
            free_slots=int(self.allocator.available_size()),
            sliding=self.swa_kv_pool is not None,
        )
        logger.debug("decode stats: %s", self.last_stats)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._record(loc)
        *_, swa = (self.kv_pool, self.swa_kv_pool)
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
