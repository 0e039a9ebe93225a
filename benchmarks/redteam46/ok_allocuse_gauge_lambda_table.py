"""Decode backend with a table of allocator gauges exported as Prometheus-style samples."""

import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_GAUGES = {
    "kv_free_tokens": lambda a: a.available_size(),
    "kv_full_free_tokens": lambda a: getattr(a, "full_available_size", a.available_size)(),
    "kv_swa_free_tokens": lambda a: getattr(a, "swa_available_size", a.available_size)(),
    "kv_swa_capacity": lambda a: getattr(a, "size_swa", a.size),
}

_POOL_LAYOUT = {SWAKVPool: "swa"}


@dataclass
class Sample:
    name: str
    value: int
    labels: tuple = ()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._layout = _POOL_LAYOUT.get(type(self.pool), "full")
        self._worker = "draft" if getattr(model_runner, "is_draft_worker", False) else "target"
        self.samples: list[Sample] = []
        self.collect()

    def collect(self) -> list:
        labels = (("worker", self._worker), ("layout", self._layout))
        self.samples = [
            Sample(name, int(read(self._allocator)), labels) for name, read in _GAUGES.items()
        ]
        for s in self.samples:
            logger.debug("%s%s = %d", s.name, dict(s.labels), s.value)
        return self.samples

    def forward_decode(self, loc):
        self.collect()
        if self._layout == "swa":
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
