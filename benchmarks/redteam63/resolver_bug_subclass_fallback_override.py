"""Decode backend hierarchy with a class-level SWA pool resolver.

``_ResolvingBackendBase.resolve_swa_pool`` finds the hybrid pool for a runner;
the concrete backend extends it for runners whose pool is wrapped.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _ResolvingBackendBase:
    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(_ResolvingBackendBase):
    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        swa_pool = super().resolve_swa_pool(model_runner)
        if swa_pool is not None:
            return swa_pool
        # Pools wrapped by offloading/hicache layers expose the hybrid pool
        # only through the allocator.
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = getattr(allocator, "get_kvcache", lambda: None)()
        if isinstance(kvcache, SWAKVPool):
            logger.info("Resolved SWA pool through allocator")
            return kvcache
        return None
