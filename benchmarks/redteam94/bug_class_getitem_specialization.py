"""Decode backend specialised per KV cache class via ``__class_getitem__``.

``HybridDecodeMixin[SWAKVPool]`` returns (and caches) a subclass whose
``_read_loc`` knows how to address that cache type. The public
``GeneratedAttnBackend`` picks the specialisation when it is constructed.
"""

from __future__ import annotations

import logging
from typing import Dict, Tuple, Type

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class HybridDecodeMixin:
    _specialisations: Dict[type, type] = {}
    cache_cls: type = KVCache

    def __class_getitem__(cls, cache_cls: Type[KVCache]) -> type:
        key = SWAKVPool if issubclass(cache_cls, SWAKVPool) else KVCache
        spec = cls._specialisations.get(key)
        if spec is None:
            spec = type(f"{cls.__name__}[{key.__name__}]", (cls,), {"cache_cls": key})
            cls._specialisations[key] = spec
        return spec

    def _read_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if issubclass(self.cache_cls, SWAKVPool):
            return self.kv_cache.translate_loc_from_full_to_swa(loc)
        return loc


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend delegating location handling to a specialised helper."""

    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self._helper = HybridDecodeMixin[type(kv_cache)]()
        self._helper.kv_cache = kv_cache
        logger.debug("decode helper %s", type(self._helper).__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._helper.kv_cache, self._helper._read_loc(loc)
