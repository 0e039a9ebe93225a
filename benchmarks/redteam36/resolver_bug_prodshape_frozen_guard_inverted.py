"""Backend resolving its SWA pool in a static method, with a FROZEN_KV MTP special case."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = getattr(model_runner, "page_size", 1)
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        FROZEN_KV MTP drafts run their own (non-windowed) attention over a
        frozen snapshot, so they never translate.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if getattr(model_runner, "is_draft_worker", False):
            if model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_loc(loc)
        return self.token_to_kv_pool, loc
