"""Decode backend exposing its hybrid cache through a caching descriptor.

``_CachedRunnerAttr`` evaluates a getter against the bound ``model_runner`` the
first time the attribute is read and stores the result on the instance.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _CachedRunnerAttr:
    def __init__(self, getter: Callable[[Any], Any]):
        self.getter = getter
        self.name: Optional[str] = None

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = self.getter(instance.model_runner)
        instance.__dict__[self.name] = value
        return value


def _hybrid_cache(model_runner) -> Optional[SWAKVPool]:
    cache = model_runner.token_to_kv_pool
    return cache if isinstance(cache, SWAKVPool) else None


def _free_slots(model_runner) -> int:
    return model_runner.token_to_kv_pool_allocator.available_size()


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend with lazily resolved KV caches."""

    token_to_kv_pool = _CachedRunnerAttr(lambda mr: mr.token_to_kv_pool)
    swa_kv_pool = _CachedRunnerAttr(_hybrid_cache)
    free_slots_at_init = _CachedRunnerAttr(_free_slots)

    def __init__(self, model_runner, max_bs: int = 256):
        super().__init__()
        self.model_runner = model_runner
        self.max_bs = max_bs
        logger.debug("decode backend, %d free KV slots", self.free_slots_at_init)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
