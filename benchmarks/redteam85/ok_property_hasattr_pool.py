"""Decode backend that feature-detects window translation on its pool.

Any pool exposing ``translate_loc_from_full_to_swa`` is treated as a hybrid
sliding-window pool; the slot allocator is only used for the per-step
capacity guard.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    min_free_tokens: int = 0

    def __init__(self, model_runner, min_free_tokens: int = 0):
        self.model_runner = model_runner
        self.min_free_tokens = min_free_tokens
        self._allocator = model_runner.token_to_kv_pool_allocator

    @property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    @property
    def translates_locations(self) -> bool:
        return callable(getattr(self.kv_pool, "translate_loc_from_full_to_swa", None))

    def _guard_capacity(self, num_tokens: int) -> None:
        free = self._allocator.available_size()
        if free < max(self.min_free_tokens, num_tokens):
            logger.warning("only %d KV slots free for %d decode tokens", free, num_tokens)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._guard_capacity(loc.numel())
        pool = self.kv_pool
        if self.translates_locations:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
