"""Expose a per-backend KV snapshot on /metrics (slot usage, window usage, decode counters)."""

import logging
import time
from dataclasses import asdict, dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVSnapshot:
    allocator_kind: str
    full_free: int
    swa_free: int
    decode_steps: int
    windowed_reads: int
    ts: float


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._windowed = isinstance(self.pool, SWAKVPool)
        self._decode_steps = 0
        self._windowed_reads = 0

    def metrics_snapshot(self) -> dict:
        alloc = self._allocator
        swa_free = alloc.swa_available_size() if hasattr(alloc, "swa_available_size") else 0
        full_free = (
            alloc.full_available_size()
            if hasattr(alloc, "full_available_size")
            else alloc.available_size()
        )
        snap = KVSnapshot(
            allocator_kind=type(alloc).__name__,
            full_free=full_free,
            swa_free=swa_free,
            decode_steps=self._decode_steps,
            windowed_reads=self._windowed_reads,
            ts=time.time(),
        )
        return asdict(snap)

    def forward_decode(self, loc):
        self._decode_steps += 1
        if self._windowed:
            self._windowed_reads += 1
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        if self._decode_steps % 1000 == 0:
            logger.info("kv snapshot: %s", self.metrics_snapshot())
        return self.pool, loc
