"""Registry of decode KV addressing modes, keyed by cache layout.

New cache layouts register an ``AddressingMode`` factory; the backend looks
one up when it is built and never branches on layout again.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class AddressingMode:
    name = "full"

    def __init__(self, kv_pool: KVCache):
        self.kv_pool = kv_pool

    def __call__(self, loc: torch.Tensor):
        return self.kv_pool, loc


class SlidingWindowAddressing(AddressingMode):
    name = "sliding-window"

    def __call__(self, loc: torch.Tensor):
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


_ModeFactory = Callable[[BaseTokenToKVPoolAllocator, KVCache], AddressingMode]

_ADDRESSING_REGISTRY: Dict[Type[BaseTokenToKVPoolAllocator], _ModeFactory] = {
    SWATokenToKVPoolAllocator: lambda alloc, pool: SlidingWindowAddressing(alloc.get_kvcache()),
}


def build_addressing_mode(allocator: BaseTokenToKVPoolAllocator, kv_pool: KVCache):
    factory = _ADDRESSING_REGISTRY.get(type(allocator))
    if factory is None:
        return AddressingMode(kv_pool)
    return factory(allocator, kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        self.addressing = build_addressing_mode(
            model_runner.token_to_kv_pool_allocator, model_runner.token_to_kv_pool
        )
        logger.info("Decode addressing mode: %s", self.addressing.name)

    def forward_decode(self, loc: torch.Tensor):
        return self.addressing(loc)
