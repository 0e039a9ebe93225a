"""Name-keyed location translators.

Translators are looked up by the token allocator's class name, which lets
config files and plugins refer to them as plain strings without importing the
allocator classes.
"""

import logging
from typing import Callable, Dict

import torch

logger = logging.getLogger(__name__)

_TRANSLATORS: Dict[str, Callable] = {}


def translator(*names: str):
    def deco(fn):
        for name in names:
            _TRANSLATORS[name] = fn
        return fn

    return deco


@translator("TokenToKVPoolAllocator", "PagedTokenToKVPoolAllocator")
def _identity(allocator, loc: torch.Tensor) -> torch.Tensor:
    return loc


@translator("SWATokenToKVPoolAllocator")
def _full_to_swa(allocator, loc: torch.Tensor) -> torch.Tensor:
    return allocator.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, fallback: str = "TokenToKVPoolAllocator"):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        name = type(self.allocator).__name__
        self._translate = _TRANSLATORS.get(name, _TRANSLATORS[fallback])
        logger.info("Using %s translator for allocator %s", self._translate.__name__, name)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self._translate(self.allocator, loc)
