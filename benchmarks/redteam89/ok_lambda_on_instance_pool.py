"""Decode backend storing its cache selectors as small lambdas on the instance."""

from __future__ import annotations

import logging
from typing import Any, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Window-aware decode backend.

    The selectors are callables so the CUDA-graph runner can re-evaluate them after it
    swaps ``model_runner.token_to_kv_pool`` for a capture-time view.
    """

    def __init__(self, model_runner, enable_window: bool = True):
        self.enable_window = enable_window
        self.model_runner = model_runner
        alloc = model_runner.token_to_kv_pool_allocator
        self._own_pool = lambda: self.model_runner.token_to_kv_pool
        self._is_swa = lambda: self.enable_window and isinstance(self._own_pool(), SWAKVPool)
        self._free_tokens = lambda: alloc.available_size()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        pool = self._own_pool()
        if self._is_swa():
            logger.debug(
                "decode via window cache (%d locs, %d free)", loc.numel(), self._free_tokens()
            )
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
