"""Registry-driven KV accessors for the decode backend.

An accessor is registered per KV pool class; resolution walks the MRO of the
runner's pool so derived pools inherit their parent's accessor.
"""

import abc
from typing import ClassVar, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVAccessor(abc.ABC):
    registry: ClassVar[Dict[Type[KVCache], Type["KVAccessor"]]] = {}
    pool_type: ClassVar[Type[KVCache]]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        KVAccessor.registry[cls.pool_type] = cls

    def __init__(self, pool: KVCache):
        self.pool = pool

    @abc.abstractmethod
    def read_plan(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]: ...

    @classmethod
    def for_pool(cls, pool: KVCache) -> "KVAccessor":
        for klass in type(pool).__mro__:
            if klass in cls.registry:
                return cls.registry[klass](pool)
        raise TypeError(f"No KV accessor registered for {type(pool).__name__}")


class GenericAccessor(KVAccessor):
    pool_type = KVCache

    def read_plan(self, loc):
        return self.pool, loc


class SlidingWindowAccessor(KVAccessor):
    pool_type = SWAKVPool

    def read_plan(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, accessor_cls: Type[KVAccessor] = KVAccessor):
        self.accessor = accessor_cls.for_pool(model_runner.token_to_kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.accessor.read_plan(loc)
