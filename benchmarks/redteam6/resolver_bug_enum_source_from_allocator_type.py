import enum

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _PoolSource(enum.Enum):
    ACTIVE = enum.auto()
    ALLOCATOR = enum.auto()


def _source(model_runner) -> _PoolSource:
    if isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
        return _PoolSource.ALLOCATOR
    return _PoolSource.ACTIVE


def resolve_swa_kv_pool(model_runner):
    if _source(model_runner) is _PoolSource.ALLOCATOR:
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
    else:
        pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
