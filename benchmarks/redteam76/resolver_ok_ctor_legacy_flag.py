"""Decode backend with a switch between the two SWA pool resolvers.

``legacy_resolution=True`` restores the behaviour from before frozen-KV MTP
support (only the runner's active pool is considered). The default resolver
follows the speculative worker layout.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, legacy_resolution: bool = False):
        self.model_runner = model_runner
        self.legacy_resolution = legacy_resolution
        if legacy_resolution:
            self._swa_kv_pool = self._resolve_active_only(model_runner)
        else:
            self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None

    @staticmethod
    def _resolve_active_only(model_runner) -> Optional[BaseSWAKVPool]:
        pool = model_runner.token_to_kv_pool
        return pool if isinstance(pool, BaseSWAKVPool) else None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, BaseSWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, BaseSWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_sliding_window_kv_pool:
            return self.model_runner.token_to_kv_pool, loc
        pool = self._swa_kv_pool
        return pool, pool.translate_loc_from_full_to_swa(loc)
