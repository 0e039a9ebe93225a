"""Class-level handler table for decode KV views, keyed by KV pool class.

The lookup walks the pool type's MRO, so any ``KVCache`` subclass without a dedicated entry
falls back to the plain full-attention view.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    _VIEW_TABLE: ClassVar[Dict[Type[KVCache], str]] = {
        SWAKVPool: "_swa_view",
        MHATokenToKVPool: "_full_view",
        KVCache: "_full_view",
    }

    def __init__(self, model_runner, enable_deterministic: bool = False):
        self.enable_deterministic = enable_deterministic
        self.pool = model_runner.token_to_kv_pool
        handler = next(
            (self._VIEW_TABLE[k] for k in type(self.pool).__mro__ if k in self._VIEW_TABLE),
            "_full_view",
        )
        self._view = getattr(self, handler)
        logger.debug("%s -> %s", type(self.pool).__name__, handler)

    def _full_view(self, loc: torch.Tensor):
        return self.pool, loc

    def _swa_view(self, loc: torch.Tensor):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._view(loc)
