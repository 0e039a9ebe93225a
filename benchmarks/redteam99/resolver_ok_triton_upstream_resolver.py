"""Triton attention backend decode path with the sglang 0.5.13 SWA pool resolver.

Copied verbatim from upstream apart from dropping the extend/prefill kernels, which our
fork routes through a separate backend.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Pick the SWA pool that this runner's attention layers read.

    A regular speculative draft owns a separate full-attention pool while sharing the
    target's allocator, so the allocator's cache is only consulted for the target and for
    frozen-KV MTP drafts that read the target's KV directly.
    """
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False, num_kv_splits: int = 8):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _resolve_swa_kv_pool(model_runner)
        self.forward_metadata = None

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is not None:
            kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            kv_indices = loc
        self.forward_metadata = kv_indices
        return kv_indices

    def forward_decode(self, loc: torch.Tensor):
        kv_indices = self.init_forward_metadata(loc)
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, kv_indices
