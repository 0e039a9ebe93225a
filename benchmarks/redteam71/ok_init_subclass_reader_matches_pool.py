"""KV readers registered through ``__init_subclass__`` with a ``kind`` keyword.

``class Foo(KVReadStrategy, kind="swa")`` registers ``Foo`` under ``"swa"``; the backend computes
the kind from the KV pool it reads and instantiates the matching strategy.
"""

from __future__ import annotations

from typing import ClassVar, Dict, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVReadStrategy:
    _by_kind: ClassVar[Dict[str, Type["KVReadStrategy"]]] = {}
    kind: ClassVar[str] = "base"

    def __init_subclass__(cls, kind: str = "", **kwargs):
        super().__init_subclass__(**kwargs)
        if kind:
            cls.kind = kind
            KVReadStrategy._by_kind[kind] = cls

    def __init__(self, pool: KVCache):
        self.pool = pool

    @staticmethod
    def kind_of(pool: KVCache) -> str:
        return "swa" if isinstance(pool, SWAKVPool) else "full"

    @classmethod
    def for_pool(cls, pool: KVCache) -> "KVReadStrategy":
        return cls._by_kind[cls.kind_of(pool)](pool)

    def __call__(self, loc: torch.Tensor):
        raise NotImplementedError


class FullRead(KVReadStrategy, kind="full"):
    def __call__(self, loc):
        return self.pool, loc


class SlidingWindowRead(KVReadStrategy, kind="swa"):
    def __call__(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self.strategy = KVReadStrategy.for_pool(model_runner.token_to_kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.strategy(loc)
