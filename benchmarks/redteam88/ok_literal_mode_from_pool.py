"""Decode backend with an explicit ``Literal`` KV layout.

The layout is read off the KV pool the runner hands to this backend, so the
decode kernel always indexes the buffers it was constructed against.
"""

from __future__ import annotations

import logging
from typing import Final, Literal, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

KVLayout = Literal["full", "hybrid_swa"]
FULL: Final[KVLayout] = "full"
HYBRID_SWA: Final[KVLayout] = "hybrid_swa"


def kv_layout_of(pool: KVCache) -> KVLayout:
    return HYBRID_SWA if isinstance(pool, SWAKVPool) else FULL


class GeneratedAttnBackend:
    """Backend that switches its decode indexing on the pool's layout."""

    def __init__(self, model_runner, layout: Optional[KVLayout] = None) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.layout: KVLayout = layout if layout is not None else kv_layout_of(self.kv_pool)
        if self.layout == HYBRID_SWA and not isinstance(self.kv_pool, SWAKVPool):
            logger.warning("hybrid_swa layout requested but pool is full-only; using full")
            self.layout = FULL
        self._allocator = model_runner.token_to_kv_pool_allocator

    def describe(self) -> str:
        return f"layout={self.layout} free={self._allocator.available_size()}"

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.layout == HYBRID_SWA:
            assert isinstance(self.kv_pool, SWAKVPool)
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
