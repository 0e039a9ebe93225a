"""Shared SWA pool lookup for decode backends.

``resolve_swa_pool`` is memoised per runner with ``functools.lru_cache`` so that
every backend attached to the same runner (decode, cuda-graph replay, draft
extend) sees the same pool object without repeating the lookup.
"""

from __future__ import annotations

import functools
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.lru_cache(maxsize=8)
def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWA KV pool for ``model_runner`` or ``None`` for full-only models."""
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    # Pools wrapped by a host/offload layer still expose the SWA pool via the allocator.
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        logger.debug("resolved SWA pool through allocator for %s", type(pool).__name__)
        return kvcache
    return None


class GeneratedAttnBackend:
    """Decode backend using the shared SWA pool lookup."""

    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.model_runner = model_runner
        self.page_size = page_size or model_runner.page_size
        self.full_pool: KVCache = model_runner.token_to_kv_pool

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return resolve_swa_pool(self.model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.full_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
