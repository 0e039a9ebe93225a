"""Decode backend that bundles the runner's cache handles into a single record.

``CacheHandles`` is passed to kernels and CUDA-graph runners so they do not need a reference
to the full model runner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class CacheHandles:
    allocator: Any
    req_to_token: Any
    kv: KVCache = field(init=False)
    windowed: bool = field(init=False)

    def __post_init__(self) -> None:
        self.kv = self.allocator.get_kvcache()
        self.windowed = isinstance(self.kv, SWAKVPool)

    @classmethod
    def from_runner(cls, model_runner) -> "CacheHandles":
        return cls(
            allocator=model_runner.token_to_kv_pool_allocator,
            req_to_token=model_runner.req_to_token_pool,
        )


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.handles = CacheHandles.from_runner(model_runner)
        self.device = model_runner.device

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        h = self.handles
        if h.windowed:
            loc = h.kv.translate_loc_from_full_to_swa(loc)
        return h.kv, loc
