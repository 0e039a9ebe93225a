"""Lazily-bound SWA translation for the Ascend-compatible decode path.

The translation is pre-bound with ``functools.partial`` so the hot loop does a
single call with no attribute lookups.
"""

import functools
from typing import Callable

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


def _translate_with(kv, loc: torch.Tensor) -> torch.Tensor:
    return kv.translate_loc_from_full_to_swa(loc)


def make_translator(kv) -> Callable[[torch.Tensor], torch.Tensor]:
    if isinstance(kv, SWAKVPool):
        return functools.partial(_translate_with, kv)
    return _identity


class GeneratedAttnBackend:
    def __init__(self, model_runner, lazy: bool = True):
        self.lazy = lazy
        self.pool = model_runner.token_to_kv_pool
        self._translate = make_translator(self.pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self._translate(loc)
