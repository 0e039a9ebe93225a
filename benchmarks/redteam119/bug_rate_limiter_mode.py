"""Decode backend with a token-bucket limiter for cache diagnostics.

Diagnostics are emitted at most ``rate`` times per second. The limiter also
carries the cache ``mode`` string it reports under ("swa" when the allocator
has a sliding-window budget).
"""

import logging
import time
from typing import Tuple

import torch

logger = logging.getLogger(__name__)


class _DiagnosticsLimiter:
    def __init__(self, allocator, rate: float = 1.0, burst: int = 4):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.updated = time.monotonic()
        self.mode = "swa" if getattr(allocator, "size_swa", 0) else "full"

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner, diag_rate: float = 1.0):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.limiter = _DiagnosticsLimiter(self.allocator, rate=diag_rate)

    def _pool_for_mode(self):
        if self.limiter.mode == "swa":
            return self.allocator.get_kvcache()
        return self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.limiter.allow():
            logger.debug("[%s] %s", self.limiter.mode, self.allocator.debug_print())
        pool = self._pool_for_mode()
        if self.limiter.mode == "swa":
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
