"""Sliding-window decode backend with eviction watermarks computed from the shared allocator."""

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Watermarks:
    low: int
    high: int

    def pressure(self, free_tokens: int) -> str:
        if free_tokens < self.low:
            return "critical"
        if free_tokens < self.high:
            return "elevated"
        return "normal"


def watermarks_for(allocator, low_ratio=0.05, high_ratio=0.15) -> Watermarks:
    # Hybrid allocators run out of window slots first; plain ones only have ``size``.
    budget = getattr(allocator, "size_swa", None) or allocator.size
    return Watermarks(low=int(budget * low_ratio), high=int(budget * high_ratio))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.marks = watermarks_for(self.allocator)
        self.pool_kind = type(self.pool).__name__
        self.windowed = self.pool_kind == "SWAKVPool"
        self._last_pressure = "normal"

    def _free_window_tokens(self) -> int:
        probe = getattr(self.allocator, "swa_available_size", None)
        return int(probe() if probe is not None else self.allocator.available_size())

    def check_pressure(self):
        level = self.marks.pressure(self._free_window_tokens())
        if level != self._last_pressure:
            logger.info("kv pressure %s -> %s (%s)", self._last_pressure, level, self.marks)
            self._last_pressure = level
        return level

    def init_forward_metadata(self, forward_batch):
        if self.check_pressure() == "critical":
            logger.warning(
                "decode batch of %d under critical kv pressure",
                forward_batch.batch_size,
            )
        self.seq_lens = forward_batch.seq_lens

    def forward_decode(self, loc):
        self.check_pressure()
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    def forward_extend(self, loc):
        return self.forward_decode(loc)
