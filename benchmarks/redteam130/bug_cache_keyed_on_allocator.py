"""Decode KV view with a binding cache keyed on the token allocator.

The allocator is re-created whenever the KV cache is resized, so its identity
is used as the cache key. On a miss the binding is rebuilt from the cache the
allocator manages, and the window pool is taken from it when hybrid.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: int = 0):
        self.model_runner = model_runner
        self.page_size = page_size or model_runner.page_size
        self._allocator_key: Optional[int] = None
        self._pool: Optional[KVCache] = None
        self._swa_pool: Optional[SWAKVPool] = None

    def _maybe_rebind(self) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        if id(allocator) == self._allocator_key:
            return
        self._allocator_key = id(allocator)
        managed = allocator.get_kvcache()
        self._swa_pool = managed if isinstance(managed, SWAKVPool) else None
        self._pool = self.model_runner.token_to_kv_pool
        logger.debug("rebound decode view (swa=%s)", self._swa_pool is not None)

    def reset(self) -> None:
        self._allocator_key = None
        self._pool = None
        self._swa_pool = None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._maybe_rebind()
        if self._swa_pool is None:
            return self._pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
