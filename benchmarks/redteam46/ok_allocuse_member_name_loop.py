"""Attention backend that snapshots whichever allocator counters exist, by member name."""

import logging
from dataclasses import dataclass, field

logger = logging.getLogger(__name__)

_COUNTER_NAMES = (
    "available_size",
    "full_available_size",
    "swa_available_size",
)
_CAPACITY_NAMES = ("size", "size_full", "size_swa")


@dataclass
class AllocatorSnapshot:
    counters: dict = field(default_factory=dict)
    capacities: dict = field(default_factory=dict)

    def utilisation(self, counter: str, capacity: str) -> float:
        cap = self.capacities.get(capacity) or 0
        if not cap:
            return 0.0
        return 1.0 - self.counters.get(counter, cap) / cap


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        mapping = getattr(self.pool, "full_to_swa_index_mapping", None)
        self.windowed = mapping is not None
        self.snapshot = self.take_snapshot()

    def take_snapshot(self) -> AllocatorSnapshot:
        snap = AllocatorSnapshot()
        for name in _COUNTER_NAMES:
            fn = getattr(self.allocator, name, None)
            if callable(fn):
                snap.counters[name] = int(fn())
        for name in _CAPACITY_NAMES:
            value = getattr(self.allocator, name, None)
            if value is not None:
                snap.capacities[name] = int(value)
        logger.debug("allocator snapshot %s", snap)
        return snap

    def forward_decode(self, loc):
        self.snapshot = self.take_snapshot()
        util = self.snapshot.utilisation("swa_available_size", "size_swa")
        if util > 0.95:
            logger.warning("window cache nearly exhausted (%.1f%%)", 100 * util)
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
