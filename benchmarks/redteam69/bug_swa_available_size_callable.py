"""Decode backend that binds to the hybrid KV cache when one is present.

Hybrid allocators expose ``swa_available_size()`` next to the usual
``available_size()``; when it is there we bind to the cache the allocator
manages so reads and writes go through the same object.
"""

from dataclasses import dataclass, field
from typing import Any

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


@dataclass
class _BackendState:
    kv_cache: Any
    hybrid: bool
    stats: dict = field(default_factory=dict)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, collect_stats: bool = False):
        super().__init__()
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid = callable(getattr(allocator, "swa_available_size", None))
        kv_cache = allocator.get_kvcache() if hybrid else model_runner.token_to_kv_pool
        self.state = _BackendState(kv_cache=kv_cache, hybrid=hybrid)
        if collect_stats and hybrid:
            self.state.stats["swa_free"] = allocator.swa_available_size()

    def forward_decode(self, loc: torch.Tensor):
        cache = self.state.kv_cache
        if self.state.hybrid:
            return cache, cache.translate_loc_from_full_to_swa(loc)
        return cache, loc
