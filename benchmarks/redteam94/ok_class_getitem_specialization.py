"""Decode backend specialised per KV cache class via ``__class_getitem__``.

``GeneratedAttnBackend[SWAKVPool]`` returns (and caches) a subclass with the
hybrid ``_read_loc``; constructing the plain class picks the specialisation
that matches the runner's KV pool, through ``__new__``.
"""

from __future__ import annotations

import logging
from typing import Dict, Tuple, Type

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend; ``GeneratedAttnBackend[PoolCls]`` gives a specialisation."""

    _specialisations: Dict[type, type] = {}
    cache_cls: type = KVCache

    def __class_getitem__(cls, cache_cls: Type[KVCache]) -> type:
        key = SWAKVPool if issubclass(cache_cls, SWAKVPool) else KVCache
        spec = cls._specialisations.get(key)
        if spec is None:
            spec = type(f"{cls.__name__}[{key.__name__}]", (cls,), {"cache_cls": key})
            cls._specialisations[key] = spec
        return spec

    def __new__(cls, model_runner, *args, **kwargs):
        if cls is GeneratedAttnBackend:
            cls = GeneratedAttnBackend[type(model_runner.token_to_kv_pool)]
        return super().__new__(cls)

    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        self.kv_cache = model_runner.token_to_kv_pool
        logger.debug("decode backend specialisation %s", type(self).__name__)

    def _read_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if issubclass(self.cache_cls, SWAKVPool):
            return self.kv_cache.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_cache, self._read_loc(loc)
