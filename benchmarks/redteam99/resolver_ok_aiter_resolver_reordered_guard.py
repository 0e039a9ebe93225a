"""AITER (ROCm) decode backend, adapted from aiter_backend.py.

``_resolve_swa_pool`` follows upstream's resolver; the draft condition was restated as
``reads_target_kv`` so the ROCm MTP path can reuse the same predicate.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def reads_target_kv(model_runner) -> bool:
    """True for the target worker and for drafts that attend over the target's KV."""
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if not reads_target_kv(model_runner):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_indptr_buf: Optional[torch.Tensor] = None):
        super().__init__()
        self.device = model_runner.device
        self.kv_indptr_buf = kv_indptr_buf
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve_swa_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
