"""Backend with the canonical static SWA-pool resolver (draft workers keep their own pool)."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = getattr(model_runner, "page_size", 1)
        # SWA hybrid models split the KV cache into full and SWA pools with
        # separate index spaces; SWA layers need translated locations.
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self._swa_full_to_swa_mapping = (
            self._swa_kv_pool.full_to_swa_index_mapping if self._swa_kv_pool is not None else None
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        EAGLE draft workers share the target allocator for token bookkeeping but
        own a separate draft KV pool. FROZEN_KV MTP drafts read the target KV.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if getattr(model_runner, "is_draft_worker", False):
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_loc(loc)
        return self.token_to_kv_pool, loc
