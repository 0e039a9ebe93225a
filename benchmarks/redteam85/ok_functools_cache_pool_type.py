"""Decode backend with a cached per-class window capability check.

``_supports_window_translation`` is keyed on the pool *class* so the cache
stays tiny (one entry per pool type seen in the process).
"""

from __future__ import annotations

import functools
import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.cache
def _supports_window_translation(pool_cls: type) -> bool:
    supported = issubclass(pool_cls, SWAKVPool)
    logger.debug("pool class %s: window translation=%s", pool_cls.__name__, supported)
    return supported


class GeneratedAttnBackend:
    def __init__(self, model_runner, sm_scale: float = 1.0):
        self.model_runner = model_runner
        self.sm_scale = sm_scale
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size

    @property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    def _num_pages_free(self) -> int:
        return self.allocator.available_size() // max(self.page_size, 1)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.kv_pool
        if _supports_window_translation(type(pool)):
            locations = pool.translate_loc_from_full_to_swa(loc)
        else:
            locations = loc
        logger.debug("decode: %d pages free", self._num_pages_free())
        return pool, locations
