"""Decode backend that binds its location translator once with functools.partial.

The allocator is the component that owns the full -> SWA slot mapping, so the
translator is bound to it whenever it exposes one.
"""

from __future__ import annotations

import functools
import logging
from typing import Callable

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


def _identity_loc(loc: torch.Tensor) -> torch.Tensor:
    return loc


def _translate_with_allocator(
    allocator: BaseTokenToKVPoolAllocator, loc: torch.Tensor
) -> torch.Tensor:
    return allocator.translate_loc_from_full_to_swa(loc)


def make_loc_translator(allocator: BaseTokenToKVPoolAllocator) -> LocTranslator:
    """Return a callable mapping full locations into the allocator's SWA index space."""
    if hasattr(allocator, "translate_loc_from_full_to_swa"):
        return functools.partial(_translate_with_allocator, allocator)
    return _identity_loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, translator: LocTranslator | None = None):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.translate_loc = translator or make_loc_translator(
            model_runner.token_to_kv_pool_allocator
        )
        self.is_sliding = isinstance(self.translate_loc, functools.partial)
        logger.info(
            "%s using %s (sliding=%s)",
            type(self).__name__,
            type(self.kv_pool).__name__,
            self.is_sliding,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.translate_loc(loc)
