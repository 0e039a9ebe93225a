"""Hybrid SWA decode backend with a class-level pool resolver.

``resolve_swa_pool`` is a classmethod so offline tools (CUDA-graph sizing,
memory profilers) can query it without constructing a backend.
"""

from __future__ import annotations

import abc
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _SWAResolverBase(abc.ABC):
    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        allocator = model_runner.token_to_kv_pool_allocator
        cache = allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            return cache
        active = model_runner.token_to_kv_pool
        return active if isinstance(active, SWAKVPool) else None

    @abc.abstractmethod
    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]: ...


class _HybridSWADecode(_SWAResolverBase):
    def __init__(self, model_runner) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = type(self).resolve_swa_pool(model_runner)
        logger.debug(
            "%s: hybrid=%s draft=%s",
            type(self).__name__,
            self.swa_pool is not None,
            model_runner.is_draft_worker,
        )


class GeneratedAttnBackend(_HybridSWADecode):
    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc
