"""Hybrid SWA decode backend with an overloaded pool resolver.

``resolve_swa_pool`` accepts either a KV allocator or a KV pool so callers in the
scheduler and in attention backends can share one helper.
"""

from __future__ import annotations

from typing import Optional, Tuple, Union, overload

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@overload
def resolve_swa_pool(src: BaseTokenToKVPoolAllocator) -> Optional[SWAKVPool]: ...


@overload
def resolve_swa_pool(src: KVCache) -> Optional[SWAKVPool]: ...


def resolve_swa_pool(
    src: Union[BaseTokenToKVPoolAllocator, KVCache],
) -> Optional[SWAKVPool]:
    """Return the hybrid SWA pool behind ``src``, or None for full-only caches."""
    if isinstance(src, SWAKVPool):
        return src
    get_kvcache = getattr(src, "get_kvcache", None)
    if get_kvcache is not None:
        kv = get_kvcache()
        if isinstance(kv, SWAKVPool):
            return kv
    return None


class GeneratedAttnBackend:
    """Decode backend that reads sliding-window layers from the SWA sub-pool."""

    def __init__(self, model_runner, sliding_window_size: Optional[int] = None) -> None:
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner.token_to_kv_pool_allocator)

    @property
    def is_hybrid_swa(self) -> bool:
        return self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
