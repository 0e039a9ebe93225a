"""Decode backend that keeps a per-step ledger of full/window slots for leak debugging."""

import logging
from collections import deque
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class LedgerEntry:
    step: int
    full_free: int
    window_free: int
    tokens: int


class GeneratedAttnBackend:
    LEDGER_LEN = 64

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._alloc = model_runner.token_to_kv_pool_allocator
        self._full_free = getattr(self._alloc, "full_available_size", self._alloc.available_size)
        # Only hybrid allocators keep a second free list for the window region.
        self._window_free = getattr(self._alloc, "swa_available_size", None)
        self.ledger = deque(maxlen=self.LEDGER_LEN)
        self.step = 0

    def _record(self, tokens: int):
        window = self._window_free() if self._window_free is not None else -1
        entry = LedgerEntry(self.step, int(self._full_free()), int(window), tokens)
        if self.ledger and entry.full_free > self.ledger[-1].full_free + tokens:
            logger.debug(
                "full slots returned between steps %d and %d",
                self.ledger[-1].step,
                self.step,
            )
        self.ledger.append(entry)

    def free_step(self, loc):
        self._alloc.free(loc)
        self._record(-int(loc.numel()))

    def init_forward_metadata(self, forward_batch):
        self.step += 1
        self._record(int(forward_batch.out_cache_loc.numel()))

    def forward_decode(self, loc):
        if self._window_free is not None:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def dump_ledger(self):
        for e in self.ledger:
            logger.info(
                "step=%d full_free=%d window_free=%d tokens=%d",
                e.step,
                e.full_free,
                e.window_free,
                e.tokens,
            )
