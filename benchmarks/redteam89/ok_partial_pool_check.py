"""Decode backend with a partial-bound SWA type check on the runner's own KV pool."""

from __future__ import annotations

import functools
import logging
from typing import Any, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_kind(kind: type, obj: Any) -> bool:
    return isinstance(obj, kind)


is_swa_pool = functools.partial(_is_kind, SWAKVPool)


class GeneratedAttnBackend:
    """Sliding-window decode backend (single KV read per step)."""

    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.device = model_runner.device
        self.sliding_window_size = sliding_window_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = is_swa_pool(self.kv_pool)
        logger.debug(
            "window backend: swa=%s window=%d free=%d",
            self.use_sliding_window_kv_pool,
            sliding_window_size,
            self.kv_allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self.use_sliding_window_kv_pool:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
