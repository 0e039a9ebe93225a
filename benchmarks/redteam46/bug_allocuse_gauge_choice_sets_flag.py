"""Attention backend reporting the tighter KV gauge, chosen by what the allocator offers."""

import logging
from dataclasses import dataclass
from typing import Callable

logger = logging.getLogger(__name__)


@dataclass
class Gauge:
    name: str
    read: Callable[[], int]

    def sample(self) -> int:
        return int(self.read())


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if hasattr(allocator, "swa_available_size"):
            self.gauge = Gauge("swa_free_tokens", allocator.swa_available_size)
            self.use_swa = True
        else:
            self.gauge = Gauge("free_tokens", allocator.available_size)
            self.use_swa = False
        self.last_sample = self.gauge.sample()
        logger.info("reporting %s=%d", self.gauge.name, self.last_sample)

    def report(self) -> dict:
        self.last_sample = self.gauge.sample()
        return {self.gauge.name: self.last_sample}

    def forward_decode(self, loc):
        self.report()
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
