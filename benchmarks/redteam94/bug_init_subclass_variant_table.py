"""Decode backend variants collected through ``__init_subclass__``.

Each variant declares a ``variant`` tag and is recorded in
``_DecodeVariant.registry``; ``GeneratedAttnBackend`` forwards to the variant
that matches the allocator the runner was built with.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class _DecodeVariant:
    registry: ClassVar[Dict[str, type]] = {}
    variant: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.variant:
            _DecodeVariant.registry[cls.variant] = cls

    def __init__(self, pool: KVCache):
        self.pool = pool

    def locate(self, loc: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError


class _FullDecode(_DecodeVariant):
    variant = "full"

    def locate(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class _SlidingWindowDecode(_DecodeVariant):
    variant = "swa"

    def locate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    """Thin front-end choosing a ``_DecodeVariant`` per runner."""

    def __init__(self, model_runner, force_variant: str = ""):
        super().__init__()
        allocator = model_runner.token_to_kv_pool_allocator
        tag = force_variant or ("swa" if type(allocator).__name__.startswith("SWA") else "full")
        self.impl = _DecodeVariant.registry[tag](model_runner.token_to_kv_pool)
        logger.info("decode variant %s", type(self.impl).__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.impl.pool, self.impl.locate(loc)
