"""Decode backend that binds the full->SWA translator once per backend instance.

The translator is a ``functools.partial`` over a small module helper so that the
hot decode path is a single call. Allocator capacity is reported through a separate
helper that only reads counters.
"""

import functools
import logging
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _translate_with(kv_pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
    return kv_pool.translate_loc_from_full_to_swa(loc)


def _log_capacity(allocator: BaseTokenToKVPoolAllocator, tag: str) -> int:
    available = allocator.available_size()
    logger.debug("[%s] kv allocator available=%d (%s)", tag, available, type(allocator).__name__)
    return available


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, tag: str = "decode"):
        super().__init__()
        self.tag = tag
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self._translate = functools.partial(_translate_with, self.kv_pool)
        self.initial_capacity = _log_capacity(self.allocator, tag)

    def forward_decode(self, loc: torch.Tensor):
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
