"""Sliding-window KV pool resolution via a candidate generator.

``_swa_pool_candidates`` yields, in priority order, the caches this runner may
legitimately read: its own pool, then the allocator's cache unless the runner
is a draft worker that owns a separate full-attention pool.
"""

from __future__ import annotations

from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _draft_owns_pool(model_runner) -> bool:
    return model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()


def _swa_pool_candidates(model_runner) -> Iterator[KVCache]:
    yield model_runner.token_to_kv_pool
    if _draft_owns_pool(model_runner):
        return
    yield model_runner.token_to_kv_pool_allocator.get_kvcache()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    return next(
        (c for c in _swa_pool_candidates(model_runner) if isinstance(c, SWAKVPool)),
        None,
    )


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend for hybrid SWA models."""

    def __init__(self, model_runner, enable_window: bool = True):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner) if enable_window else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if (swa := self.swa_pool) is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
