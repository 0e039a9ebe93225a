"""Backend that selects the first matching decode mode from a decorator-populated registry of mode classes."""

from typing import List, Type

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _DecodeMode:
    @staticmethod
    def matches(model_runner) -> bool:
        raise NotImplementedError

    def locations(self, pool, loc):
        return loc


_MODES: List[Type[_DecodeMode]] = []


def _register(cls: Type[_DecodeMode]) -> Type[_DecodeMode]:
    _MODES.append(cls)
    return cls


@_register
class _FullOnlyMode(_DecodeMode):
    @staticmethod
    def matches(model_runner) -> bool:
        return not isinstance(model_runner.token_to_kv_pool, SWAKVPool)


@_register
class _HybridWindowMode(_DecodeMode):
    @staticmethod
    def matches(model_runner) -> bool:
        return hasattr(model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping")

    def locations(self, pool, loc):
        return pool.translate_loc_from_full_to_swa(loc)


def _select_mode(model_runner) -> _DecodeMode:
    for cls in _MODES:
        if cls.matches(model_runner):
            return cls()
    return _DecodeMode()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.mode = _select_mode(model_runner)

    def forward_decode(self, loc):
        return self.pool, self.mode.locations(self.pool, loc)
