"""Decode backend that bundles the sliding-window state into a small context.

``SWAContext.from_runner`` decides once which pool window layers read from and
keeps the translation next to it, so callers never pick the pool themselves.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class SWAContext:
    kv_pool: KVCache
    swa_pool: Optional[SWAKVPool] = None

    @classmethod
    def from_runner(cls, model_runner) -> "SWAContext":
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return cls(kv_pool=own, swa_pool=own)
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return cls(kv_pool=own)
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return cls(kv_pool=own, swa_pool=shared)
        return cls(kv_pool=own)

    @property
    def enabled(self) -> bool:
        return self.swa_pool is not None

    def locate(self, loc: torch.Tensor):
        if not self.enabled:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, window_size: Optional[int] = None):
        super().__init__()
        self.window_size = window_size
        self.swa_ctx = SWAContext.from_runner(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.swa_ctx.locate(loc)
