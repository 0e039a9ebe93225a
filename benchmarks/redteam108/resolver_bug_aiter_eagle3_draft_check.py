"""AITER SWA pool resolver (fork variant).

Our EAGLE3 draft heads carry their own KV pool, so the resolver returns no
SWA pool for them. Other workers fall back to the allocator's hybrid cache
when the active pool is not itself an ``SWAKVPool``.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and spec.is_eagle3():
        logger.debug("aiter: EAGLE3 draft owns its KV pool; SWA disabled")
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_indptr_buf: Optional[torch.Tensor] = None):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None
        self.kv_indptr = kv_indptr_buf

    def _reshape_page_table(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if self.page_size > 1:
            return kv_indices // self.page_size
        return kv_indices

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_kv_pool, self._reshape_page_table(swa_loc)
        return self.token_to_kv_pool, self._reshape_page_table(loc)
