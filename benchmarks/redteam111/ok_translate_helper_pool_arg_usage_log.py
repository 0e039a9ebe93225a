"""Decode backend with a module-level translation helper and KV usage logging.

``translate_swa_locations`` takes the pool explicitly so the same helper can be
reused by the prefill metadata builder.  The allocator is only consulted for
free-slot counters in debug logs.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def translate_swa_locations(
    loc: torch.Tensor, *, kv_pool: Optional[KVCache] = None
) -> torch.Tensor:
    """Map full-pool ``loc`` into ``kv_pool``'s SWA index space when it is hybrid."""
    if isinstance(kv_pool, SWAKVPool):
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
        return self.kv_pool, translate_swa_locations(loc, kv_pool=self.kv_pool)
