"""Decode backend that narrows its KV pool with a ``TypeGuard`` predicate.

The predicate lets mypy see the hybrid pool's SWA API after the check, so the
window translation call below type-checks without a ``cast``.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple, TypeGuard

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def is_window_pool(pool: object) -> TypeGuard[SWAKVPool]:
    """True when ``pool`` carries a sliding-window sub-pool."""
    return isinstance(pool, SWAKVPool)


class GeneratedAttnBackend:
    """Decode backend for models mixing full and sliding-window layers."""

    def __init__(self, model_runner, num_head_groups: int = 1) -> None:
        self.device = model_runner.device
        self.num_head_groups = num_head_groups
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self.kv_pool if is_window_pool(self.kv_pool) else None
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "attn backend ready (windowed=%s, free slots=%d)",
            self.swa_pool is not None,
            allocator.available_size(),
        )

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self._decode_locations(loc)
        return self.kv_pool, loc
