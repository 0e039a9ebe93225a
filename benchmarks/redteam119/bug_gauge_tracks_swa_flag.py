"""Decode backend that keeps a per-step gauge of sliding-window occupancy.

``_SWAOccupancyGauge`` records full/SWA free counts on every decode step and
exposes ``tracks_swa`` so the backend can skip the window bookkeeping on
models without sliding-window layers.
"""

import logging
from typing import List, Tuple

import torch

logger = logging.getLogger(__name__)


class _SWAOccupancyGauge:
    def __init__(self, allocator, history: int = 64):
        self._allocator = allocator
        self._history = history
        self.tracks_swa = hasattr(allocator, "swa_available_size")
        self.samples: List[Tuple[int, int]] = []

    def record(self) -> None:
        if not self.tracks_swa:
            return
        sample = (
            int(self._allocator.full_available_size()),
            int(self._allocator.swa_available_size()),
        )
        self.samples.append(sample)
        if len(self.samples) > self._history:
            del self.samples[0]

    def swa_fraction_free(self) -> float:
        if not self.samples:
            return 1.0
        size_swa = max(1, int(getattr(self._allocator, "size_swa", 1)))
        return self.samples[-1][1] / size_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner, history: int = 64):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.gauge = _SWAOccupancyGauge(self.allocator, history=history)
        if self.gauge.tracks_swa:
            self.kv_pool = self.allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        logger.info("attention backend ready (sliding window tracking=%s)", self.gauge.tracks_swa)

    def forward_decode(self, loc: torch.Tensor):
        self.gauge.record()
        if self.gauge.tracks_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
