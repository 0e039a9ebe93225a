"""Registry of decode KV addressing modes, keyed by cache layout.

New cache layouts register an ``AddressingMode`` subclass; the backend looks
one up when it is built and never branches on layout again.
"""

from __future__ import annotations

import logging
from typing import Dict, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

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


_ADDRESSING_REGISTRY: Dict[Type[KVCache], Type[AddressingMode]] = {
    MHATokenToKVPool: AddressingMode,
    SWAKVPool: SlidingWindowAddressing,
}


def build_addressing_mode(kv_pool: KVCache) -> AddressingMode:
    for pool_cls in type(kv_pool).__mro__:
        mode_cls = _ADDRESSING_REGISTRY.get(pool_cls)
        if mode_cls is not None:
            return mode_cls(kv_pool)
    return AddressingMode(kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        self.addressing = build_addressing_mode(model_runner.token_to_kv_pool)
        logger.info(
            "Decode addressing mode: %s (allocator %s)",
            self.addressing.name,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.addressing(loc)
