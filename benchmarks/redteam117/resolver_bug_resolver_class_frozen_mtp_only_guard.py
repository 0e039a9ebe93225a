"""SWA pool resolver aware of speculative draft workers.

Draft workers that run frozen-KV MTP own no KV of their own and therefore get
no SWA pool from this resolver; every other runner falls back to the cache the
allocator was built around.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SWAPoolResolver:
    """Stateless helper; kept as a class so backends can override pieces."""

    @staticmethod
    def _active(model_runner):
        return model_runner.token_to_kv_pool

    @staticmethod
    def _skip_allocator_fallback(model_runner) -> bool:
        return bool(model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp())

    @classmethod
    def resolve(cls, model_runner) -> Optional[SWAKVPool]:
        active = cls._active(model_runner)
        if isinstance(active, SWAKVPool):
            return active
        if cls._skip_allocator_fallback(model_runner):
            return None
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return backing if isinstance(backing, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, resolver_cls=SWAPoolResolver):
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolver_cls.resolve(model_runner)
        self.page_size = model_runner.page_size

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.default_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
