"""Decode backend that rate-limits allocator debug output.

``allocator.debug_print()`` already includes SWA free counts on hybrid
allocators, so the limiter just forwards it. The pool used for decode is the
runner's own KV pool.
"""

import logging
import time

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _MinIntervalLimiter:
    def __init__(self, min_interval_s: float):
        self.min_interval_s = min_interval_s
        self._next_allowed = 0.0
        self.suppressed = 0

    def __call__(self) -> bool:
        now = time.monotonic()
        if now >= self._next_allowed:
            self._next_allowed = now + self.min_interval_s
            return True
        self.suppressed += 1
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner, debug_interval_s: float = 10.0):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._limiter = _MinIntervalLimiter(debug_interval_s)
        self._has_swa_layers = isinstance(self.token_to_kv_pool, SWAKVPool)

    def _log_cache_state(self) -> None:
        if self._limiter():
            logger.info(
                "kv cache: %s (suppressed=%d)",
                self.allocator.debug_print(),
                self._limiter.suppressed,
            )

    def forward_decode(self, loc: torch.Tensor):
        self._log_cache_state()
        pool = self.token_to_kv_pool
        if self._has_swa_layers:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
