"""Enum-keyed decode dispatch; the layout is detected from the runner's KV pool."""

from __future__ import annotations

import enum
import logging
from typing import Callable, Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(str, enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


def detect_layout(pool: KVCache) -> KVLayout:
    return KVLayout.HYBRID_SWA if isinstance(pool, SWAKVPool) else KVLayout.FULL


def _full(pool: KVCache, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
    return pool, loc


def _hybrid(pool: SWAKVPool, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
    return pool, pool.translate_loc_from_full_to_swa(loc)


DECODE_DISPATCH: Dict[KVLayout, Callable] = {
    KVLayout.FULL: _full,
    KVLayout.HYBRID_SWA: _hybrid,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner, layout_override: Optional[str] = None):
        self.pool = model_runner.token_to_kv_pool
        detected = detect_layout(self.pool)
        if layout_override is not None and KVLayout(layout_override) != detected:
            logger.warning("ignoring layout override %s (pool is %s)", layout_override, detected)
        self.layout = detected
        self._decode = DECODE_DISPATCH[self.layout]
        # allocator only feeds the startup log line
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info("layout=%s free=%d", self.layout.value, allocator.available_size())

    def forward_decode(self, loc: torch.Tensor):
        return self._decode(self.pool, loc)
