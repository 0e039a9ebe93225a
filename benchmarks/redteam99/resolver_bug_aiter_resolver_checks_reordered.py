"""AITER attention backend (ROCm), decode path, adapted from aiter_backend.py.

``_resolve_swa_pool`` mirrors upstream's helper; the checks were reordered so the cheap
allocator lookup is tried first, which is the common case on our MI300 SWA deployments.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        # EAGLE-style drafts keep a private full-attention pool.
        return None
    return None


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
