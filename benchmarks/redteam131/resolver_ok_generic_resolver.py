"""Generic pool resolver parameterised on the pool family it looks for.

``PoolResolver[SWAKVPool]`` answers "which SWA pool should this worker read",
taking the speculative-decoding role of the worker into account.
"""

from __future__ import annotations

from typing import Generic, Optional, Tuple, Type, TypeVar

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

P = TypeVar("P", bound=KVCache)


class PoolResolver(Generic[P]):
    def __init__(self, pool_cls: Type[P]):
        self.pool_cls = pool_cls

    def _borrow_allowed(self, model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return True
        return model_runner.spec_algorithm.is_frozen_kv_mtp()

    def resolve(self, model_runner) -> Optional[P]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, self.pool_cls):
            return active
        if not self._borrow_allowed(model_runner):
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, self.pool_cls) else None


SWA_RESOLVER: PoolResolver[SWAKVPool] = PoolResolver(SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, resolver: Optional[PoolResolver[SWAKVPool]] = None):
        self.resolver = resolver or SWA_RESOLVER
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self.resolver.resolve(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
