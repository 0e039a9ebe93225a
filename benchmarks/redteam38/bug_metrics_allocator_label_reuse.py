"""Attention backend exporting memory gauges and reusing its allocator label for dispatch."""

import logging
from typing import Dict

logger = logging.getLogger(__name__)


def _allocator_label(allocator) -> str:
    name = type(allocator).__name__
    return "swa" if name.startswith("SWA") else "full"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._stats: Dict[str, object] = {
            "allocator": _allocator_label(self._allocator),
            "pool": type(self.pool).__name__,
            "page_size": model_runner.page_size,
            "decode_steps": 0,
        }
        logger.info(
            "attention backend up: allocator=%s pool=%s",
            self._stats["allocator"],
            self._stats["pool"],
        )

    def get_stats(self) -> Dict[str, object]:
        """Snapshot for the /metrics endpoint; cheap, host-side counters only."""
        stats = dict(self._stats)
        alloc = self._allocator
        stats["full_free"] = alloc.available_size()
        if stats["allocator"] == "swa":
            stats["swa_free"] = alloc.swa_available_size()
            stats["swa_capacity"] = alloc.size_swa
        return stats

    def reset_stats(self) -> None:
        self._stats["decode_steps"] = 0

    def forward_decode(self, loc):
        self._stats["decode_steps"] += 1
        if self._stats["allocator"] == "swa":
            loc = self._allocator.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
