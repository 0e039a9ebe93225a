"""Decode backend with a module-level translation helper and KV usage logging.

``translate_swa_locations`` keys off the allocator type: a hybrid allocator
means the pool carries a full -> SWA index mapping.
"""

from __future__ import annotations

import logging

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


def translate_swa_locations(
    loc: torch.Tensor, kv_pool: KVCache, allocator: BaseTokenToKVPoolAllocator
) -> torch.Tensor:
    """Map full-pool ``loc`` into the SWA index space when the allocator is hybrid."""
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return kv_pool.translate_loc_from_full_to_swa(loc)
    return loc


def _log_kv_usage(allocator: BaseTokenToKVPoolAllocator, tag: str = "decode") -> None:
    if logger.isEnabledFor(logging.DEBUG):
        logger.debug(
            "[%s] kv slots available=%d %s",
            tag,
            allocator.available_size(),
            allocator.debug_print(),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 256):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.log_every = log_every
        self._steps = 0

    def forward_decode(self, loc: torch.Tensor):
        self._steps += 1
        if self._steps % self.log_every == 0:
            _log_kv_usage(self.allocator)
        return self.kv_pool, translate_swa_locations(loc, self.kv_pool, self.allocator)
