"""Backend that builds a read strategy object, choosing it by whether the pool's class defines the SWA translator."""

import abc


class _ReadStrategy(abc.ABC):
    def __init__(self, pool):
        self.pool = pool

    @abc.abstractmethod
    def locations(self, loc): ...


class _Full(_ReadStrategy):
    def locations(self, loc):
        return loc


class _Window(_ReadStrategy):
    def locations(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)


def _strategy_for(pool, allocator) -> _ReadStrategy:
    del allocator  # accepted for signature parity with the prefill helper
    if getattr(type(pool), "translate_loc_from_full_to_swa", None) is not None:
        return _Window(pool)
    return _Full(pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.strategy = _strategy_for(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )

    def forward_decode(self, loc):
        return self.strategy.pool, self.strategy.locations(loc)
