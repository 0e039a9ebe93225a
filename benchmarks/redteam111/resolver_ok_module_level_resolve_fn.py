"""Decode-side KV pool selection for hybrid sliding-window models.

The pool lookup lives in a free function so that the CUDA-graph runner and the
metadata builders can share it without instantiating a backend.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner, *, allow_frozen_kv_mtp: bool = True) -> Optional[SWAKVPool]:
    """Return the SWAKVPool this runner reads from, or None for full-attention pools.

    Draft workers share the target's allocator but own their KV buffers, so the
    allocator-side cache is only consulted when the draft is allowed to read
    target KV directly (frozen-KV MTP).
    """
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool

    if model_runner.is_draft_worker:
        if not (allow_frozen_kv_mtp and model_runner.spec_algorithm.is_frozen_kv_mtp()):
            return None

    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    """Minimal paged decode backend with sliding-window location translation."""

    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.device = model_runner.device
        self.page_size = page_size or model_runner.page_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        if self.swa_kv_pool is not None:
            logger.debug("Sliding-window KV enabled (page_size=%d)", self.page_size)

    @property
    def uses_sliding_window(self) -> bool:
        return self.swa_kv_pool is not None

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.uses_sliding_window:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool if self.uses_sliding_window else self.kv_pool
        return pool, self._decode_locations(loc)
