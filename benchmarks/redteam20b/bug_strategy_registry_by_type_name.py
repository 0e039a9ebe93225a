"""Ascend-port decode backend that picks a KV read strategy from a registry keyed by class name."""

from typing import Dict, Type


class _ReadStrategy:
    def __init__(self, pool):
        self.pool = pool

    def read(self, loc):
        return self.pool, loc


class _DenseRead(_ReadStrategy):
    pass


class _WindowedRead(_ReadStrategy):
    def read(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


READ_STRATEGIES: Dict[str, Type[_ReadStrategy]] = {
    "SWATokenToKVPoolAllocator": _WindowedRead,
    "PagedTokenToKVPoolAllocator": _DenseRead,
    "TokenToKVPoolAllocator": _DenseRead,
}


def pick_strategy(model_runner) -> _ReadStrategy:
    key = type(model_runner.token_to_kv_pool_allocator).__name__
    strategy_cls = READ_STRATEGIES.get(key, _DenseRead)
    return strategy_cls(model_runner.token_to_kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.strategy = pick_strategy(model_runner)

    def forward_decode(self, loc):
        return self.strategy.read(loc)
