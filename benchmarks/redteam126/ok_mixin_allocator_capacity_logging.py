"""Hybrid SWA decode backend with KV usage reporting.

``KVUsageLoggingMixin`` periodically reports allocator occupancy; the backend
itself reads from the runner's KV cache and only switches to window locations
when that cache is a hybrid SWA pool.
"""

from __future__ import annotations

import logging
import time
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVUsageLoggingMixin:
    _usage_log_interval_s: float = 30.0
    _last_usage_log: float = 0.0

    def _log_kv_usage(self, allocator: BaseTokenToKVPoolAllocator) -> None:
        now = time.monotonic()
        if now - self._last_usage_log < self._usage_log_interval_s:
            return
        self._last_usage_log = now
        logger.info(
            "[%s] allocator=%s available=%d",
            type(self).__name__,
            type(allocator).__name__,
            allocator.available_size(),
        )


class _SWADecodeBase:
    def __init__(self, model_runner) -> None:
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )


class GeneratedAttnBackend(KVUsageLoggingMixin, _SWADecodeBase):
    def __init__(self, model_runner, log_usage: bool = True) -> None:
        super().__init__(model_runner)
        self.log_usage = log_usage

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.log_usage:
            self._log_kv_usage(self.allocator)
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
