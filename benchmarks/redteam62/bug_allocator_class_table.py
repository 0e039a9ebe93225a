"""Decode backend whose location translation is looked up in a small table keyed by
the allocator class that hands out the KV indices."""

from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_Translate = Callable[[object, torch.Tensor], torch.Tensor]


def _identity(_allocator, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _swa(allocator, loc: torch.Tensor) -> torch.Tensor:
    return allocator.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    """Maps full-pool locations according to the index allocator in use."""

    TRANSLATORS: Dict[type, _Translate] = {SWATokenToKVPoolAllocator: _swa}

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._translate = next(
            (fn for klass, fn in self.TRANSLATORS.items() if isinstance(self.allocator, klass)),
            _identity,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self._translate(self.allocator, loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    @classmethod
    def register(cls, allocator_cls: type, fn: _Translate) -> None:
        cls.TRANSLATORS = {**cls.TRANSLATORS, allocator_cls: fn}
