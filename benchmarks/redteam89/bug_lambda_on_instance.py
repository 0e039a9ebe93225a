"""Decode backend storing its cache selectors as small lambdas on the instance."""

from __future__ import annotations

import logging
from typing import Any, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Window-aware decode backend.

    ``self._is_swa`` and ``self._swa_cache`` are kept as callables so the CUDA-graph
    runner can re-evaluate them after a pool swap.
    """

    def __init__(self, model_runner, enable_window: bool = True):
        self.enable_window = enable_window
        self.model_runner = model_runner
        alloc = model_runner.token_to_kv_pool_allocator
        self._swa_cache = lambda: alloc.get_kvcache()
        self._is_swa = lambda: self.enable_window and isinstance(self._swa_cache(), SWAKVPool)
        self._own_pool = lambda: self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self._is_swa():
            pool = self._swa_cache()
            logger.debug("decode via window cache (%d locs)", loc.numel())
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self._own_pool(), loc
