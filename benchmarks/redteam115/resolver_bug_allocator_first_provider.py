"""Chain-of-responsibility resolver for the hybrid SWA pool.

Handlers are tried in order; the allocator-backed handler comes first since
the allocator is the single owner of slot bookkeeping for hybrid models.
"""

import abc
from typing import List, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SWAPoolHandler(abc.ABC):
    @abc.abstractmethod
    def handle(self, model_runner) -> Optional[SWAKVPool]: ...


class AllocatorCacheHandler(SWAPoolHandler):
    def handle(self, model_runner) -> Optional[SWAKVPool]:
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None


class ActivePoolHandler(SWAPoolHandler):
    def handle(self, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None


class SWAPoolResolver:
    def __init__(self, handlers: Optional[List[SWAPoolHandler]] = None):
        self.handlers = handlers or [AllocatorCacheHandler(), ActivePoolHandler()]

    def resolve(self, model_runner) -> Optional[SWAKVPool]:
        for handler in self.handlers:
            pool = handler.handle(model_runner)
            if pool is not None:
                return pool
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, resolver: Optional[SWAPoolResolver] = None):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = (resolver or SWAPoolResolver()).resolve(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
