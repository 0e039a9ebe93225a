"""Decode reader closures built once per backend.

The reader closes over the pool and the location translator through default arguments, so
the per-step path does no attribute lookups.
"""

from __future__ import annotations

import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.sliding_window_size = sliding_window_size
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool

        if isinstance(allocator, SWATokenToKVPoolAllocator):
            translate: Callable[[torch.Tensor], torch.Tensor] = (
                allocator.translate_loc_from_full_to_swa
            )
        else:
            translate = _identity

        def _read(loc: torch.Tensor, _pool=pool, _translate=translate):
            return _pool, _translate(loc)

        self._read = _read
        logger.debug("decode reader bound (translate=%s)", getattr(translate, "__name__", "?"))

    def forward_decode(self, loc: torch.Tensor):
        return self._read(loc)
