"""Mixin that resolves the sliding-window KV pool for attention backends.

Backends that read SWA layers mix in :class:`SWAPoolResolverMixin` and call
``_resolve_swa_pool`` once at construction. Draft workers own their own KV
pool; only frozen-KV MTP drafts read the target's cache through the shared
allocator.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolverMixin:
    swa_kv_pool: Optional[SWAKVPool] = None

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None


class AllocatorStatsMixin:
    def _log_allocator(self, allocator) -> None:
        logger.info(
            "attn backend allocator=%s free=%d",
            type(allocator).__name__,
            allocator.available_size(),
        )


class GeneratedAttnBackend(SWAPoolResolverMixin, AllocatorStatsMixin):
    def __init__(self, model_runner, log_allocator: bool = True):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool(model_runner)
        if log_allocator:
            self._log_allocator(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
