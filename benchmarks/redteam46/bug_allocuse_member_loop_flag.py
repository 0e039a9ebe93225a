"""Attention backend that snapshots allocator counters by name and infers the window layout."""

import logging
from dataclasses import dataclass, field

logger = logging.getLogger(__name__)

_COUNTER_NAMES = ("available_size", "full_available_size", "swa_available_size")


@dataclass
class AllocatorSnapshot:
    counters: dict = field(default_factory=dict)

    def tightest(self) -> int:
        return min(self.counters.values()) if self.counters else 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = False
        self.snapshot = self.take_snapshot()

    def take_snapshot(self) -> AllocatorSnapshot:
        snap = AllocatorSnapshot()
        for name in _COUNTER_NAMES:
            fn = getattr(self.allocator, name, None)
            if not callable(fn):
                continue
            snap.counters[name] = int(fn())
            if name.startswith("swa_"):
                # a window counter means the cache is split in two
                self.windowed = True
        logger.debug("allocator snapshot %s", snap)
        return snap

    def forward_decode(self, loc):
        self.snapshot = self.take_snapshot()
        if self.snapshot.tightest() == 0:
            logger.warning("KV cache exhausted")
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
