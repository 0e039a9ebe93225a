"""Decode backend with a static SWA-pool resolver and page tables sized from the allocator."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        self.max_bs = model_runner.max_running_requests
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.swa_page_table: Optional[torch.Tensor] = None
        if self._swa_kv_pool is not None:
            pages = getattr(allocator, "size_swa", allocator.size) // self.page_size
            self.swa_page_table = torch.zeros(
                (self.max_bs, pages), dtype=torch.int32, device=self.device
            )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        EAGLE draft workers share the target allocator for token bookkeeping,
        but own a separate draft KV pool; FROZEN_KV MTP drafts read target KV.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        swa_loc = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        logger.debug("swa loc %s -> %s", loc.tolist(), swa_loc.tolist())
        return self._swa_kv_pool, swa_loc
