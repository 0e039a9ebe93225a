"""Hybrid decode backend with window-occupancy metrics.

Exposes the fraction of the sliding-window region currently in use so the
scheduler's metrics exporter can report it next to the usual token usage.
"""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class WindowOccupancyMetrics:
    def __init__(self, allocator):
        self._allocator = allocator
        self._capacity = int(getattr(allocator, "size_swa", 0) or 0)

    @property
    def tracks_window(self) -> bool:
        return self._capacity > 0

    def occupancy(self) -> Optional[float]:
        if not self.tracks_window:
            return None
        free = self._allocator.swa_available_size()
        return 1.0 - free / self._capacity

    def as_dict(self) -> dict:
        return {"swa_capacity": self._capacity, "swa_occupancy": self.occupancy()}


class GeneratedAttnBackend:
    def __init__(self, model_runner, export_metrics: bool = True):
        self.kv_pool = model_runner.token_to_kv_pool
        self.metrics = WindowOccupancyMetrics(model_runner.token_to_kv_pool_allocator)
        self.export_metrics = export_metrics
        if export_metrics:
            logger.info("decode metrics: %s", self.metrics.as_dict())

    def forward_decode(self, loc: torch.Tensor):
        if self.metrics.tracks_window:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
