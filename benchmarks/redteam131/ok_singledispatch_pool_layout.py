"""Decode addressing dispatched on the concrete KV pool type.

``_decode_view`` is a ``singledispatchmethod``: full-attention pools are read
as-is, hybrid SWA pools are read through their sliding-window slot mapping.
"""

import functools
import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_sliding_window_kv_pool: bool = True):
        self.use_sliding_window_kv_pool = use_sliding_window_kv_pool
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        logger.debug("allocator state: %s", type(self.allocator).__name__)

    @functools.singledispatchmethod
    def _decode_view(self, pool, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return pool, loc

    @_decode_view.register
    def _(self, pool: SWAKVPool, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.use_sliding_window_kv_pool:
            return pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._decode_view(self.kv_pool, loc)
