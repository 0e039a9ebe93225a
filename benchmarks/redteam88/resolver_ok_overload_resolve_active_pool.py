"""Hybrid SWA decode backend with an overloaded pool resolver.

``resolve_swa_pool`` accepts either a model runner or an already-known pool.
For runners it follows the same order as the model runner's own lookup: the
active pool first, then the shared cache for workers that run on the target's
KV (frozen-KV MTP drafts), never for drafts that own a separate cache.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple, overload

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@overload
def resolve_swa_pool(src: KVCache) -> Optional[SWAKVPool]: ...


@overload
def resolve_swa_pool(src: Any) -> Optional[SWAKVPool]: ...


def resolve_swa_pool(src: Any) -> Optional[SWAKVPool]:
    if isinstance(src, KVCache):
        return src if isinstance(src, SWAKVPool) else None
    active = src.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if src.is_draft_worker and not src.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = src.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    """Decode backend that reads sliding-window layers from the SWA sub-pool."""

    def __init__(self, model_runner, sliding_window_size: Optional[int] = None) -> None:
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    @property
    def is_hybrid_swa(self) -> bool:
        return self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
