"""Decode backend that normalises its KV handle through a small unwrap helper.

Some runners hand backends a wrapper object rather than the cache itself; the
``_unwrap_kvcache`` helper peels one level off so the backend always works
with a concrete ``KVCache``.
"""

from __future__ import annotations

import logging
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _unwrap_kvcache(handle: Any) -> KVCache:
    """Return the KV cache behind ``handle`` (allocator or pool)."""
    getter = getattr(handle, "get_kvcache", None)
    return getter() if callable(getter) else handle


def _as_swa(pool: KVCache) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_handle: Any = None):
        handle = kv_handle if kv_handle is not None else model_runner.token_to_kv_pool_allocator
        self.kv_cache = _unwrap_kvcache(handle)
        self.swa_kv_pool = _as_swa(self.kv_cache)
        self.page_size = model_runner.page_size
        logger.debug(
            "Bound %s (swa=%s, page_size=%d)",
            type(self.kv_cache).__name__,
            self.swa_kv_pool is not None,
            self.page_size,
        )

    def _index(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_cache, self._index(loc)
