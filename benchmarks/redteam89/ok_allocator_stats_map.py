"""Decode backend that reports allocator occupancy via ``map`` over method callers.

The occupancy snapshot is logged once per ``log_interval`` decode steps; the KV read
itself always goes through the runner's own pool.
"""

from __future__ import annotations

import logging
import operator
from typing import Any, Dict, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_STAT_NAMES = ("available_size", "size")
_STAT_GETTERS = (operator.methodcaller("available_size"), operator.attrgetter("size"))


class GeneratedAttnBackend:
    """Decode backend with periodic allocator statistics."""

    def __init__(self, model_runner, log_interval: int = 64):
        self.log_interval = log_interval
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self._stat_callers = _STAT_GETTERS
        self._steps = 0

    def _allocator_stats(self) -> Dict[str, Any]:
        values = map(lambda call: call(self.allocator), self._stat_callers)
        return dict(zip(_STAT_NAMES, values))

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        self._steps += 1
        if self._steps % self.log_interval == 1:
            logger.debug("decode step %d allocator=%s", self._steps, self._allocator_stats())
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
