"""Descriptor-based KV pool binding for attention backends.

``_KVPoolBinding`` is a non-data descriptor: on first access it looks up the
pool for the owning backend and stores it in the instance ``__dict__`` under
the attribute name recorded by ``__set_name__``, so later reads bypass the
descriptor entirely.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _KVPoolBinding:
    """Lazily binds the hybrid SWA pool of the owning backend's runner."""

    def __set_name__(self, owner, name: str) -> None:
        self.attr_name = name

    def __get__(self, instance, owner=None) -> Optional[SWAKVPool]:
        if instance is None:
            return self
        runner = instance.model_runner
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        value = kvcache if isinstance(kvcache, SWAKVPool) else None
        instance.__dict__[self.attr_name] = value
        logger.debug("%s.%s bound to %r", owner.__name__, self.attr_name, type(kvcache).__name__)
        return value


class GeneratedAttnBackend:
    """Decode backend whose SWA pool is bound through a descriptor."""

    swa_kv_pool = _KVPoolBinding()

    def __init__(self, model_runner, max_context_len: int = 0):
        self.model_runner = model_runner
        self.max_context_len = max_context_len
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool

    def get_kv_view(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.get_kv_view(loc)
