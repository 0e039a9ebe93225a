"""Resolver split into ABC strategies picked per worker kind."""

import abc

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _PoolStrategy(abc.ABC):
    @abc.abstractmethod
    def resolve(self, runner): ...


class _ActivePool(_PoolStrategy):
    def resolve(self, runner):
        pool = runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None


class _SharedAllocatorPool(_PoolStrategy):
    def resolve(self, runner):
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None


def _strategies(runner):
    yield _ActivePool()
    frozen = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)
    if not runner.is_draft_worker or frozen():
        yield _SharedAllocatorPool()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        for strategy in _strategies(model_runner):
            if (pool := strategy.resolve(model_runner)) is not None:
                return pool
        return None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
