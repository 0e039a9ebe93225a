"""Triton decode backend (from triton_backend.py) with the SWA resolver split into steps.

Upstream's ``_resolve_swa_kv_pool`` was broken into three small helpers so each piece is
unit-testable in our fork; behaviour is unchanged.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _active_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _draft_owns_kv(model_runner) -> bool:
    return bool(model_runner.is_draft_worker) and not model_runner.spec_algorithm.is_frozen_kv_mtp()


def _shared_swa_pool(allocator: BaseTokenToKVPoolAllocator) -> Optional[SWAKVPool]:
    kvcache = allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = _active_swa_pool(model_runner)
    if active is not None:
        return active
    if _draft_owns_kv(model_runner):
        return None
    return _shared_swa_pool(model_runner.token_to_kv_pool_allocator)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False, max_kv_splits: int = 16):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.max_kv_splits = max_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
