"""Decode backend variants collected through ``__init_subclass__``.

Each variant declares the KV pool class it serves and is recorded in
``_DecodeVariant.registry``; ``GeneratedAttnBackend`` forwards to the most
specific variant for the runner's own KV pool.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _DecodeVariant:
    registry: ClassVar[Dict[type, type]] = {}
    serves: ClassVar[Optional[type]] = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.serves is not None:
            _DecodeVariant.registry[cls.serves] = cls

    def __init__(self, pool: KVCache):
        self.pool = pool

    @classmethod
    def for_pool(cls, pool: KVCache) -> "_DecodeVariant":
        for klass in type(pool).__mro__:
            if klass in cls.registry:
                return cls.registry[klass](pool)
        raise LookupError(type(pool).__name__)


class _FullDecode(_DecodeVariant):
    serves = KVCache

    def locate(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class _SlidingWindowDecode(_DecodeVariant):
    serves = SWAKVPool

    def locate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    """Thin front-end choosing a ``_DecodeVariant`` per runner."""

    def __init__(self, model_runner):
        super().__init__()
        self.impl = _DecodeVariant.for_pool(model_runner.token_to_kv_pool)
        logger.info(
            "decode variant %s (allocator %s)",
            type(self.impl).__name__,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.impl.pool, self.impl.locate(loc)
