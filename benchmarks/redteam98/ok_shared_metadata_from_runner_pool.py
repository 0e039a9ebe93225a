"""Hybrid backend whose full and sliding children share a metadata object.

The wrapper populates ``SharedDecodeMetadata`` from the runner's KV pool; children read the
pool and the sliding-window switch from it on every decode step.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class SharedDecodeMetadata:
    kv_pool: KVCache
    swa_pool: Optional[SWAKVPool] = None
    page_size: int = 1

    @property
    def sliding_window_enabled(self) -> bool:
        return self.swa_pool is not None


class _FullChild:
    def __init__(self, meta: SharedDecodeMetadata):
        self.meta = meta

    def forward_decode(self, loc):
        return self.meta.kv_pool, loc


class _SlidingChild:
    def __init__(self, meta: SharedDecodeMetadata):
        self.meta = meta

    def forward_decode(self, loc):
        swa = self.meta.swa_pool
        return swa, swa.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        pool = model_runner.token_to_kv_pool
        self.meta = SharedDecodeMetadata(
            kv_pool=pool,
            swa_pool=pool if isinstance(pool, SWAKVPool) else None,
            page_size=model_runner.page_size,
        )
        self.full_child = _FullChild(self.meta)
        self.sliding_child = _SlidingChild(self.meta)

    def forward_decode(self, loc: torch.Tensor):
        child = self.sliding_child if self.meta.sliding_window_enabled else self.full_child
        return child.forward_decode(loc)
