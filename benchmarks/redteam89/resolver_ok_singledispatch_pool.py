"""Window-cache resolver built on ``functools.singledispatch`` over the active pool type.

The dispatch is on the pool this runner reads; allocator fallback only applies to
runners that do not own a separate full-only cache.
"""

from __future__ import annotations

import functools
import logging
from typing import Any, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def _swa_view(pool: Any, model_runner) -> Optional[SWAKVPool]:
    return None


@_swa_view.register
def _(pool: SWAKVPool, model_runner) -> Optional[SWAKVPool]:
    return pool


@_swa_view.register
def _(pool: KVCache, model_runner) -> Optional[SWAKVPool]:
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    return _swa_view(model_runner.token_to_kv_pool, model_runner)


class GeneratedAttnBackend:
    """Decode backend with singledispatch-based window cache resolution."""

    def __init__(self, model_runner, kv_cache_dtype: Optional[torch.dtype] = None):
        self.kv_cache_dtype = kv_cache_dtype
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)
        logger.info("window cache resolved: %s", self.swa_kv_pool is not None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
