"""Backend whose SWA pool resolver special-cases FROZEN_KV MTP drafts."""

from __future__ import annotations

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.swa_page_table: Optional[torch.Tensor] = None
        if self.swa_kv_pool is not None:
            self.swa_page_table = torch.zeros(
                (model_runner.max_running_requests, 1),
                dtype=torch.int32,
                device=model_runner.device,
            )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """The hybrid pool to translate indices against, or None."""
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            # FROZEN_KV MTP drafts keep no KV of their own.
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
