"""Decode-side window attention backend with a partial-bound type check.

The SWA capability test is built once with ``functools.partial`` so the hot path only
has to call a zero-argument predicate.
"""

from __future__ import annotations

import functools
import logging
from typing import Any, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def _is_kind(kind: type, obj: Any) -> bool:
    return isinstance(obj, kind)


class GeneratedAttnBackend:
    """Sliding-window decode backend (FA-style metadata, single KV read per step)."""

    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.device = model_runner.device
        self.sliding_window_size = sliding_window_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator

        is_swa_allocator = functools.partial(_is_kind, SWATokenToKVPoolAllocator)
        self.use_sliding_window_kv_pool = is_swa_allocator(self.kv_allocator)
        if self.use_sliding_window_kv_pool:
            self._swa_pool = self.kv_allocator.get_kvcache()
        else:
            self._swa_pool = None
        logger.debug(
            "window backend: swa=%s window=%d", self.use_sliding_window_kv_pool, sliding_window_size
        )

    def _decode_pool(self):
        return self._swa_pool if self.use_sliding_window_kv_pool else self.kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        pool = self._decode_pool()
        if self.use_sliding_window_kv_pool:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
