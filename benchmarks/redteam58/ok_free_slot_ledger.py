"""Decode backend that keeps a per-step ledger of free KV slots.

The ledger records allocator free counts before each decode so leaks show up as a
monotone drift across steps; the attention path reads the runner's own KV pool.
"""

import logging
from dataclasses import dataclass, field
from typing import List

import torch

logger = logging.getLogger(__name__)


@dataclass
class LedgerEntry:
    step: int
    batch_size: int
    free_full: int
    free_swa: int


@dataclass
class FreeSlotLedger:
    capacity: int = 256
    entries: List[LedgerEntry] = field(default_factory=list)

    def record(self, entry: LedgerEntry) -> None:
        self.entries.append(entry)
        if len(self.entries) > self.capacity:
            del self.entries[: len(self.entries) - self.capacity]

    def drift(self) -> int:
        if len(self.entries) < 2:
            return 0
        return self.entries[0].free_full - self.entries[-1].free_full


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.ledger = FreeSlotLedger()
        self.step = 0
        self.pool_kind = "swa" if hasattr(self.kv_pool, "swa_kv_pool") else "full"

    def _free_counts(self):
        alloc = self.allocator
        if hasattr(alloc, "full_available_size"):
            return alloc.full_available_size(), alloc.swa_available_size()
        free = alloc.available_size()
        return free, free

    def forward_decode(self, loc: torch.Tensor):
        free_full, free_swa = self._free_counts()
        self.ledger.record(LedgerEntry(self.step, int(loc.numel()), free_full, free_swa))
        self.step += 1
        if self.ledger.drift() > self.allocator.size // 2:
            logger.warning("free-slot drift %d over %d steps", self.ledger.drift(), self.step)
        if self.pool_kind == "swa":
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
