"""Sliding-window pool resolution split into small guard helpers.

Mirrors the resolution order used upstream: the runner's active pool wins; a regular draft
worker (not frozen-KV MTP) never borrows the target's cache; otherwise fall back to the pool
behind the shared allocator.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool()
        logger.debug(
            "swa pool resolved to %s (allocator=%s)",
            type(self.swa_kv_pool).__name__,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def _active_swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def _owns_private_cache(self) -> bool:
        runner = self.model_runner
        if not runner.is_draft_worker:
            return False
        return not runner.spec_algorithm.is_frozen_kv_mtp()

    def _shared_swa_pool(self) -> Optional[SWAKVPool]:
        shared = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        active = self._active_swa_pool()
        if active is not None:
            return active
        if self._owns_private_cache():
            return None
        return self._shared_swa_pool()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
