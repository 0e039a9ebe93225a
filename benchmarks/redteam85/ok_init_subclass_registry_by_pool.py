"""KV view strategies registered per KV pool class.

Each strategy declares the pool class it handles via ``__init_subclass__``.
Lookup walks the MRO of the runner's active ``token_to_kv_pool`` so pool
subclasses inherit the strategy of their base.
"""

from __future__ import annotations

from typing import ClassVar, Dict, Optional, Tuple, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVViewStrategy:
    _by_pool_cls: ClassVar[Dict[type, Type["KVViewStrategy"]]] = {}
    pool_cls: ClassVar[Optional[type]] = None

    def __init_subclass__(cls, pool_cls: Optional[type] = None, **kwargs):
        super().__init_subclass__(**kwargs)
        if pool_cls is not None:
            cls.pool_cls = pool_cls
            KVViewStrategy._by_pool_cls[pool_cls] = cls

    @classmethod
    def for_pool(cls, pool: KVCache) -> Type["KVViewStrategy"]:
        for klass in type(pool).__mro__:
            if klass in cls._by_pool_cls:
                return cls._by_pool_cls[klass]
        return DefaultView

    def __init__(self, pool: KVCache):
        self.pool = pool

    def view(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.pool, loc


class DefaultView(KVViewStrategy, pool_cls=KVCache):
    pass


class SlidingWindowView(KVViewStrategy, pool_cls=SWAKVPool):
    def view(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_head: int = 0):
        self.model_runner = model_runner
        self.num_head = num_head
        pool = model_runner.token_to_kv_pool
        self.strategy = KVViewStrategy.for_pool(pool)(pool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.strategy.view(loc)
