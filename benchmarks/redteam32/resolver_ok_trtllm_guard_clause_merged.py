"""TRTLLM MHA backend whose _resolve_swa_kv_pool nested ifs were merged into one guard clause."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self._swa_full_to_swa_mapping = (
            self._swa_kv_pool.full_to_swa_index_mapping if self._swa_kv_pool else None
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        EAGLE draft workers share the target allocator for token bookkeeping,
        but own a separate draft KV pool. FROZEN_KV MTP drafts read target KV
        directly, so they still need the allocator pool.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _get_layer_cache_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self._swa_kv_pool is None:
            return loc
        return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        pool = self._swa_kv_pool if self._swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self._get_layer_cache_loc(loc)
