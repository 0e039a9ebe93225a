"""FlashInfer backend slice carried in our fork.

The fork renamed ``is_draft_worker`` handling to match our runner wrapper,
and resolves the SWA pool through a module-level helper so the MLA and MHA
flashinfer backends share it.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
    """Pick the sliding-window pool this runner should translate against."""
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, BaseSWAKVPool):
        return active_pool
    is_draft = getattr(model_runner, "is_draft_runner", False)
    if is_draft and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, BaseSWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_indptr_buf: Optional[torch.Tensor] = None):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_indptr = (
            kv_indptr_buf
            if kv_indptr_buf is not None
            else torch.zeros(2, dtype=torch.int32, device=self.device)
        )
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None
        logger.debug("flashinfer decode: sliding window pool=%s", self.use_sliding_window_kv_pool)

    def _update_indices(self, kv_indices: torch.Tensor) -> torch.Tensor:
        self.kv_indptr[1] = kv_indices.shape[0]
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices

    def forward_decode(self, loc: torch.Tensor):
        kv_indices = self._update_indices(loc)
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool, kv_indices
        return self.token_to_kv_pool, kv_indices
