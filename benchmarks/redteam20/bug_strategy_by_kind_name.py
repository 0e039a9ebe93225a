"""Backend that instantiates a decode strategy from a registry keyed by a KV class name normalised to pool naming."""

from typing import Dict, Type


class _FullStrategy:
    name = "full"

    def locations(self, pool, loc):
        return loc


class _WindowStrategy(_FullStrategy):
    name = "window"

    def locations(self, pool, loc):
        return pool.full_to_swa_index_mapping[loc]


_STRATEGIES: Dict[str, Type[_FullStrategy]] = {
    "SWAKVPool": _WindowStrategy,
    "MHATokenToKVPool": _FullStrategy,
}


def _strategy_for(kind: str) -> _FullStrategy:
    return _STRATEGIES.get(kind, _FullStrategy)()


def _kind_of(model_runner) -> str:
    name = type(model_runner.token_to_kv_pool_allocator).__name__
    return name.replace("TokenToKVPoolAllocator", "KVPool")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.strategy = _strategy_for(_kind_of(model_runner))

    def forward_decode(self, loc):
        return self.pool, self.strategy.locations(self.pool, loc)
