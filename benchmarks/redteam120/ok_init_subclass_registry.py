"""KV views auto-registered through ``__init_subclass__``.

Every :class:`KVView` subclass declares the pool class it understands via the
``pool_type`` class keyword; the backend instantiates the most specific view
for the pool it was given by the model runner.
"""

from __future__ import annotations

from typing import ClassVar, Dict, Optional, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVView:
    registry: ClassVar[Dict[type, Type["KVView"]]] = {}
    pool_type: ClassVar[Optional[type]] = None

    def __init_subclass__(cls, pool_type: Optional[type] = None, **kwargs):
        super().__init_subclass__(**kwargs)
        if pool_type is not None:
            cls.pool_type = pool_type
            KVView.registry[pool_type] = cls

    def __init__(self, pool: KVCache):
        self.pool = pool

    @classmethod
    def for_pool(cls, pool: KVCache) -> "KVView":
        for klass in type(pool).__mro__:
            view_cls = cls.registry.get(klass)
            if view_cls is not None:
                return view_cls(pool)
        raise TypeError(f"no KVView for {type(pool).__name__}")

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError


class FullKVView(KVView, pool_type=KVCache):
    def locations(self, loc):
        return loc


class SlidingWindowKVView(KVView, pool_type=SWAKVPool):
    def locations(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, cuda_graph_bs: int = 0):
        self.cuda_graph_bs = cuda_graph_bs
        self.view = KVView.for_pool(model_runner.token_to_kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.view.pool, self.view.locations(loc)
