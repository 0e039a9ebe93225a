"""Decode backend for the Falcon-H2 port that builds a frozen window config from the runner."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class WindowAttnConfig:
    windowed: bool
    page_size: int
    device: str
    notes: tuple = field(default_factory=tuple)

    @classmethod
    def from_runner(cls, runner) -> "WindowAttnConfig":
        allocator = runner.token_to_kv_pool_allocator
        return cls(
            windowed=isinstance(allocator, SWATokenToKVPoolAllocator),
            page_size=runner.page_size,
            device=str(runner.device),
            notes=(type(runner.token_to_kv_pool).__name__,),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.config = WindowAttnConfig.from_runner(model_runner)
        logger.debug("falcon-h2 attention config: %s", self.config)

    def forward_decode(self, loc):
        if not self.config.windowed:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
