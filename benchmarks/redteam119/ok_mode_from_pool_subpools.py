"""Decode backend with a cache-mode tracker.

``_CacheModeTracker`` derives the decode mode from the sub-pools of the KV
pool the runner reads ("windowed" when a ``swa_kv_pool`` is present) and
keeps per-mode step counts plus the allocator's free tokens for tracing.
"""

import logging
from typing import Dict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class _CacheModeTracker:
    WINDOWED = "windowed"
    DENSE = "dense"

    def __init__(self, pool: KVCache, allocator):
        self.mode = self.WINDOWED if getattr(pool, "swa_kv_pool", None) is not None else self.DENSE
        self.allocator = allocator
        self.steps: Dict[str, int] = {self.WINDOWED: 0, self.DENSE: 0}
        self.last_free = -1

    def on_step(self) -> str:
        self.steps[self.mode] += 1
        self.last_free = int(self.allocator.available_size())
        return self.mode


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.tracker = _CacheModeTracker(self.pool, model_runner.token_to_kv_pool_allocator)
        logger.debug("cache mode: %s", self.tracker.mode)

    def forward_decode(self, loc: torch.Tensor):
        mode = self.tracker.on_step()
        if mode == _CacheModeTracker.WINDOWED:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
