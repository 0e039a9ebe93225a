"""Decode backend that reports KV footprint per step.

``_pool_override`` temporarily points ``self.pool`` at another cache so the
shared accounting helper can measure it; the original pool is restored in
``finally`` before the step picks its read locations.
"""

import contextlib
import logging
from typing import Iterator, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, report_every: int = 1000):
        self.report_every = report_every
        self._step_id = 0
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    @contextlib.contextmanager
    def _pool_override(self, pool: KVCache) -> Iterator[None]:
        saved = self.pool
        self.pool = pool
        try:
            yield
        finally:
            self.pool = saved

    def _describe_pool(self) -> str:
        return f"{type(self.pool).__name__}@{id(self.pool):#x}"

    def _maybe_report(self) -> None:
        self._step_id += 1
        if (self._step_id - 1) % self.report_every:
            return
        with self._pool_override(self.allocator.get_kvcache()):
            logger.info("shared cache: %s", self._describe_pool())

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._maybe_report()
        pool = self.pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
