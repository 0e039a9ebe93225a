"""Registry-driven decode backend.

Decode addressing mode is looked up from a table keyed by allocator class, walking
the MRO so allocator subclasses inherit their parent's mode.
"""

from __future__ import annotations

import enum
import logging
from typing import Dict, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator, TokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class AddressMode(enum.Enum):
    FULL = "full"
    WINDOW = "window"


_MODE_BY_ALLOCATOR: Dict[Type[BaseTokenToKVPoolAllocator], AddressMode] = {
    TokenToKVPoolAllocator: AddressMode.FULL,
    SWATokenToKVPoolAllocator: AddressMode.WINDOW,
}


def lookup_mode(allocator) -> AddressMode:
    for klass in type(allocator).__mro__:
        mode = _MODE_BY_ALLOCATOR.get(klass)
        if mode is not None:
            return mode
    return AddressMode.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.mode = lookup_mode(self.allocator)
        logger.info("registry decode backend mode=%s", self.mode.value)

    def forward_decode(self, loc: torch.Tensor):
        if self.mode is AddressMode.WINDOW:
            locations = self.allocator.translate_loc_from_full_to_swa(loc)
        else:
            locations = loc
        return self.kv_pool, locations
