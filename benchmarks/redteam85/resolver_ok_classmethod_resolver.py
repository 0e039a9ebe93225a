"""Base/derived decode backends sharing a classmethod SWA pool resolver.

Subclasses may override ``allow_allocator_fallback`` to disable the
allocator-based fallback entirely (e.g. backends that never run on offloaded
pools).
"""

from __future__ import annotations

import logging
from typing import ClassVar, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _HybridDecodeBase:
    allow_allocator_fallback: ClassVar[bool] = True

    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if not cls.allow_allocator_fallback:
            return None
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(_HybridDecodeBase):
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.model_runner = model_runner
        self.speculative_num_steps = speculative_num_steps
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = type(self).resolve_swa_pool(model_runner)
        logger.info(
            "%s: swa=%s draft=%s",
            type(self).__name__,
            self.swa_pool is not None,
            model_runner.is_draft_worker,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
