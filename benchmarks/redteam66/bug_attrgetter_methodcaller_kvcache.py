"""Decode backend that resolves its KV handles with ``operator`` helpers.

Runner fields are pulled with ``attrgetter`` and the KV cache handle with
``methodcaller`` so the same accessors can be reused by the prefill backend.
"""

from __future__ import annotations

import operator
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_runner_fields = operator.attrgetter("token_to_kv_pool_allocator", "page_size", "device")
_kvcache_of = operator.methodcaller("get_kvcache")
_to_window = operator.methodcaller  # built per call with the location tensor


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend sharing accessors with the extend path."""

    def __init__(self, model_runner, use_cuda_graph: bool = False):
        super().__init__()
        allocator, self.page_size, self.device = _runner_fields(model_runner)
        self.use_cuda_graph = use_cuda_graph
        self.kv_pool: KVCache = _kvcache_of(allocator)
        self.default_pool: KVCache = model_runner.token_to_kv_pool

    @property
    def sliding_window_enabled(self) -> bool:
        return isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.sliding_window_enabled:
            return self.default_pool, loc
        translate = _to_window("translate_loc_from_full_to_swa", loc)
        return self.kv_pool, translate(self.kv_pool)
