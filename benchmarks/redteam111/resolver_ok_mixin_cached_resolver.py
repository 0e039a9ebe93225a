"""Hybrid-SWA resolution shared through a mixin with a cached property.

The mixin expects ``self.model_runner`` to be set before first access; the
resolved pool is cached for the lifetime of the backend.
"""

from __future__ import annotations

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class HybridSWAResolverMixin:
    model_runner: object

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Pick the SWAKVPool matching the buffers this runner reads.

        EAGLE drafts share the target allocator for bookkeeping but own a
        separate full-attention pool; only frozen-KV MTP drafts read the
        target's hybrid cache.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        pool = self._resolve_swa_kv_pool(self.model_runner)
        logger.debug("%s: swa_kv_pool=%s", type(self).__name__, type(pool).__name__)
        return pool


class GeneratedAttnBackend(HybridSWAResolverMixin):
    def __init__(self, model_runner, num_head: Optional[int] = None):
        self.model_runner = model_runner
        self.num_head = num_head
        self.device = model_runner.device

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.model_runner.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
