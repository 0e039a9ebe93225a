"""Hybrid SWA backend whose children share one decode metadata object.

The wrapper owns a ``HybridDecodeMetadata`` instance and fills it in ``__init__``; both the
full-attention child and the sliding-window child hold a reference to the same object and
read the pool and window settings from it at decode time.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache


@dataclass
class HybridDecodeMetadata:
    full_pool: Optional[KVCache] = None
    swa_pool: Optional[KVCache] = None
    sliding_window_enabled: bool = False
    extra: dict = field(default_factory=dict)


class _FullChild:
    def __init__(self, meta: HybridDecodeMetadata):
        self.meta = meta

    def forward_decode(self, loc: torch.Tensor):
        return self.meta.full_pool, loc


class _SlidingChild:
    def __init__(self, meta: HybridDecodeMetadata):
        self.meta = meta

    def forward_decode(self, loc: torch.Tensor):
        pool = self.meta.swa_pool
        return pool, pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, window_left: int = -1):
        super().__init__()
        allocator = model_runner.token_to_kv_pool_allocator
        self.meta = HybridDecodeMetadata(full_pool=model_runner.token_to_kv_pool)
        self.meta.sliding_window_enabled = getattr(allocator, "size_swa", 0) > 0
        if self.meta.sliding_window_enabled:
            self.meta.swa_pool = allocator.get_kvcache()
        self.meta.extra["window_left"] = window_left

        self.full_child = _FullChild(self.meta)
        self.sliding_child = _SlidingChild(self.meta)

    def forward_decode(self, loc: torch.Tensor):
        if self.meta.sliding_window_enabled:
            return self.sliding_child.forward_decode(loc)
        return self.full_child.forward_decode(loc)
