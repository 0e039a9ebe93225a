"""Describe the decode-time KV layout with a small frozen spec object.

Borrowed from the ``KVCacheSpec`` idea in other engines: the backend computes
the layout once at construction and the hot path only reads the spec.
"""

from __future__ import annotations

import dataclasses
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclasses.dataclass(frozen=True)
class KVCacheSpec:
    """Static description of the KV buffers a backend reads during decode."""

    kv_pool: KVCache
    page_size: int
    sliding_window: bool = False
    swa_pool: Optional[SWAKVPool] = None

    @property
    def read_pool(self) -> KVCache:
        return self.swa_pool if self.sliding_window else self.kv_pool


def build_kv_cache_spec(kv_pool: KVCache, page_size: int = 1) -> KVCacheSpec:
    """Build a spec for ``kv_pool``; hybrid pools get the sliding-window flag."""
    if isinstance(kv_pool, SWAKVPool):
        return KVCacheSpec(
            kv_pool=kv_pool, page_size=page_size, sliding_window=True, swa_pool=kv_pool
        )
    return KVCacheSpec(kv_pool=kv_pool, page_size=page_size)


class GeneratedAttnBackend:
    """Decode backend driven by a precomputed :class:`KVCacheSpec`."""

    def __init__(self, model_runner, spec: Optional[KVCacheSpec] = None):
        self.device = model_runner.device
        self.spec = spec or build_kv_cache_spec(
            model_runner.token_to_kv_pool, page_size=model_runner.page_size
        )

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(page_size={self.spec.page_size}, "
            f"sliding_window={self.spec.sliding_window})"
        )

    def forward_decode(self, loc: torch.Tensor):
        spec = self.spec
        if spec.sliding_window:
            return spec.read_pool, spec.swa_pool.translate_loc_from_full_to_swa(loc)
        return spec.read_pool, loc
