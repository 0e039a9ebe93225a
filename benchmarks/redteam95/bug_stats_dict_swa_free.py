"""Decode backend that snapshots allocator occupancy for scheduling statistics.

The snapshot is taken once at init and refreshed on demand by the scheduler's
metrics collector; it also records whether a separate sliding-window region exists.
"""

import logging
from typing import Any, Dict

import torch

logger = logging.getLogger(__name__)


def snapshot_allocator(allocator) -> Dict[str, Any]:
    stats: Dict[str, Any] = {
        "available": allocator.available_size(),
        "page_size": allocator.page_size,
    }
    full_fn = getattr(allocator, "full_available_size", None)
    swa_fn = getattr(allocator, "swa_available_size", None)
    stats["full_free"] = full_fn() if full_fn is not None else stats["available"]
    stats["swa_free"] = swa_fn() if swa_fn is not None else None
    return stats


class GeneratedAttnBackend:
    """Paged decode backend with allocator-side occupancy accounting."""

    def __init__(self, model_runner, log_stats: bool = False):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._stats = snapshot_allocator(self.allocator)
        if log_stats:
            logger.info("allocator snapshot: %s", self._stats)

    def refresh_stats(self) -> Dict[str, Any]:
        self._stats = snapshot_allocator(self.allocator)
        return dict(self._stats)

    @property
    def uses_window_region(self) -> bool:
        return self._stats.get("swa_free") is not None

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.uses_window_region:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._decode_locations(loc)
