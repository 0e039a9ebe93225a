"""Decode backend whose location translation is looked up in a small per-pool-class
table, so new hybrid pool types only need a table entry."""

from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_Translate = Callable[[object, torch.Tensor], torch.Tensor]


def _identity(_pool, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _swa(pool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    """Looks up how to map full-pool locations for the KV pool it reads."""

    TRANSLATORS: Dict[type, _Translate] = {SWAKVPool: _swa}

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.max_total_num_tokens = model_runner.token_to_kv_pool_allocator.size
        self._translate = self._lookup(type(self.pool))

    @classmethod
    def _lookup(cls, pool_cls: type) -> _Translate:
        for klass in pool_cls.__mro__:
            if klass in cls.TRANSLATORS:
                return cls.TRANSLATORS[klass]
        return _identity

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self._translate(self.pool, loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    @classmethod
    def register(cls, pool_cls: type, fn: _Translate) -> None:
        cls.TRANSLATORS = {**cls.TRANSLATORS, pool_cls: fn}
