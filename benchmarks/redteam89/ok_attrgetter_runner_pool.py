"""Decode backend that pulls runner state through ``operator.attrgetter``.

One getter fetches everything the backend needs from the model runner in a single call.
"""

from __future__ import annotations

import logging
import operator
from typing import Any, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_RUNNER_STATE = operator.attrgetter(
    "token_to_kv_pool", "token_to_kv_pool_allocator", "page_size", "device"
)


class GeneratedAttnBackend:
    """Paged decode backend with optional sliding-window translation."""

    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        pool, allocator, self.page_size, self.device = _RUNNER_STATE(model_runner)
        self.kv_pool = pool
        self.is_swa = isinstance(pool, SWAKVPool)
        logger.info(
            "page=%d swa=%s allocator=%s",
            self.page_size,
            self.is_swa,
            type(allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if not self.is_swa:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
