"""Triton attention backend, decode path (adapted from sglang's triton_backend.py).

The SWA pool lookup was folded into a single helper. Both the target and draft workers
are wired to the same token allocator, so the allocator's kv cache is used as the single
source of truth for the sliding-window pool.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWAKVPool backing this runner, or None for full-attention-only models."""
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self.device = model_runner.device
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        if self.swa_kv_pool is not None:
            logger.debug("Triton backend: sliding-window kv pool enabled")

    def _get_kv_pool(self):
        return self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        pool = self._get_kv_pool()
        if self.swa_kv_pool is not None:
            loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
