"""Decode backend that binds its location translator once with functools.partial.

Keeping the translator as a plain callable makes it easy to hand to the
CUDA-graph capture code without carrying the backend along.
"""

from __future__ import annotations

import functools
import logging
from typing import Callable

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


def _identity_loc(loc: torch.Tensor) -> torch.Tensor:
    return loc


def _translate_with_pool(swa_pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
    return swa_pool.translate_loc_from_full_to_swa(loc)


def make_loc_translator(kv_pool: KVCache) -> LocTranslator:
    """Return a callable mapping full-pool locations into ``kv_pool``'s index space."""
    if isinstance(kv_pool, SWAKVPool):
        return functools.partial(_translate_with_pool, kv_pool)
    return _identity_loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, translator: LocTranslator | None = None):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.translate_loc = translator or make_loc_translator(self.kv_pool)
        self.is_sliding = isinstance(self.translate_loc, functools.partial)
        logger.info(
            "%s using %s (sliding=%s)",
            type(self).__name__,
            type(self.kv_pool).__name__,
            self.is_sliding,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.translate_loc(loc)
