"""Decode metadata builder for the sliding-window attention backend.

The builder owns the per-step bookkeeping (free-slot telemetry, the pool the
step reads and the translated locations). The allocator is handed to it so it
can report occupancy alongside each step.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeStepMetadata:
    kv_pool: KVCache
    locations: torch.Tensor
    free_slots: int = 0
    notes: list = field(default_factory=list)


class SWADecodeMetadataBuilder:
    """Builds :class:`DecodeStepMetadata` from the active pool and the allocator."""

    def __init__(self, kv_pool: KVCache, allocator: BaseTokenToKVPoolAllocator):
        self.kv_pool = kv_pool
        self.allocator = allocator
        self.swa_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def _occupancy(self) -> int:
        try:
            return int(self.allocator.available_size())
        except Exception:  # pragma: no cover - telemetry only
            return -1

    def build(self, loc: torch.Tensor) -> DecodeStepMetadata:
        free_slots = self._occupancy()
        if self.swa_pool is not None:
            locs = self.swa_pool.translate_loc_from_full_to_swa(loc)
            md = DecodeStepMetadata(self.swa_pool, locs, free_slots)
            md.notes.append("swa")
        else:
            md = DecodeStepMetadata(self.kv_pool, loc, free_slots)
        logger.debug(
            "decode metadata: pool=%s free=%d alloc=%s",
            type(md.kv_pool).__name__,
            free_slots,
            type(self.allocator).__name__,
        )
        return md


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_telemetry: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.metadata_builder = SWADecodeMetadataBuilder(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )
        self.skip_telemetry = skip_telemetry
        self.last_metadata: Optional[DecodeStepMetadata] = None

    def forward_decode(self, loc: torch.Tensor):
        md = self.metadata_builder.build(loc)
        self.last_metadata = md
        return md.kv_pool, md.locations
