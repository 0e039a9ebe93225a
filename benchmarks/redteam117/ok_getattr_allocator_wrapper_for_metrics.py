"""Instrumented allocator wrapper for decode-time metrics.

``CountingAllocator`` delegates everything to the real allocator and counts
calls per method, which the backend reports in ``metrics()``.  KV reads go
through the pool the runner hands to its attention layers.
"""

from __future__ import annotations

import collections
import logging
from typing import Counter

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class CountingAllocator:
    def __init__(self, allocator):
        self._inner = allocator
        self.calls: Counter[str] = collections.Counter()

    def __getattr__(self, name: str):
        attr = getattr(self._inner, name)
        if not callable(attr):
            return attr

        def _wrapped(*args, **kwargs):
            self.calls[name] += 1
            return attr(*args, **kwargs)

        return _wrapped


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 0):
        self.allocator = CountingAllocator(model_runner.token_to_kv_pool_allocator)
        pool = model_runner.token_to_kv_pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None
        self.kv_pool = pool
        self.log_every = log_every
        self._steps = 0

    def metrics(self) -> dict:
        return {
            "steps": self._steps,
            "available": self.allocator.available_size(),
            "allocator_calls": dict(self.allocator.calls),
        }

    def forward_decode(self, loc: torch.Tensor):
        self._steps += 1
        if self.log_every and self._steps % self.log_every == 0:
            logger.info("decode metrics: %s", self.metrics())
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
