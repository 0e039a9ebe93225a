"""Attention backend reporting the tighter KV gauge, chosen by the allocator's kind."""

import logging
from dataclasses import dataclass
from typing import Callable

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class Gauge:
    name: str
    read: Callable[[], int]

    def sample(self) -> int:
        return int(self.read())


def _select_gauge(allocator) -> Gauge:
    if type(allocator).__name__.startswith("SWA"):
        return Gauge("swa_free_tokens", allocator.swa_available_size)
    return Gauge("free_tokens", allocator.available_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.gauge = _select_gauge(model_runner.token_to_kv_pool_allocator)
        self.windowed = isinstance(self.pool, SWAKVPool)
        self.last_sample = self.gauge.sample()
        logger.info("reporting %s=%d", self.gauge.name, self.last_sample)

    def report(self) -> dict:
        self.last_sample = self.gauge.sample()
        return {self.gauge.name: self.last_sample}

    def _window_locs(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self.report()
        return self.pool, (self._window_locs(loc) if self.windowed else loc)
