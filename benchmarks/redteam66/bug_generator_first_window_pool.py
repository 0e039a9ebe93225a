"""Decode backend that picks the first sliding-window KV cache it can find.

Candidate caches are produced lazily by a generator and the first windowed
one is taken with ``next(..., default)``; dense models fall through to the
runner's pool.
"""

from __future__ import annotations

import logging
from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _candidate_caches(model_runner) -> Iterator[KVCache]:
    allocator = model_runner.token_to_kv_pool_allocator
    get_kvcache = getattr(allocator, "get_kvcache", None)
    if get_kvcache is not None:
        yield get_kvcache()
    yield model_runner.token_to_kv_pool


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend for hybrid SWA models."""

    def __init__(self, model_runner, prefer_window: bool = True):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        if prefer_window:
            self.swa_pool = next(
                (c for c in _candidate_caches(model_runner) if isinstance(c, SWAKVPool)),
                None,
            )
        logger.debug("window pool resolved: %s", self.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
