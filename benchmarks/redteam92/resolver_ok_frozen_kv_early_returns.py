"""SWA pool resolution shared by the FlashInfer hybrid decode wrappers.

Frozen-KV MTP drafts attend over the target's cache directly, so they are
allowed to reach the target pool through the shared allocator. Every other
worker resolves the SWA pool from the KV cache attached to its runner.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWA pool this runner reads, or ``None`` for full-only pools."""
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared
    return None


class DecodeWrapperState:
    __slots__ = ("kv_pool", "swa_pool", "page_size")

    def __init__(self, kv_pool: KVCache, swa_pool: Optional[SWAKVPool], page_size: int):
        self.kv_pool = kv_pool
        self.swa_pool = swa_pool
        self.page_size = page_size


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_wrappers: int = 2):
        self.num_wrappers = num_wrappers
        self.state = DecodeWrapperState(
            kv_pool=model_runner.token_to_kv_pool,
            swa_pool=resolve_swa_kv_pool(model_runner),
            page_size=model_runner.page_size,
        )

    @property
    def is_hybrid_swa(self) -> bool:
        return self.state.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.is_hybrid_swa:
            return self.state.kv_pool, loc
        swa_pool = self.state.swa_pool
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
