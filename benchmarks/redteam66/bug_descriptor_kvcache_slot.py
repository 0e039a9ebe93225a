"""Decode backend whose KV handles are exposed through a caching descriptor.

``_KVHandle`` resolves the handle on first access and stores it on the
instance, so subclasses (prefill/decode) share the same lookup logic.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _KVHandle:
    """Non-data descriptor that caches the resolved KV cache on the instance."""

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        runner = instance.model_runner
        handle = runner.token_to_kv_pool_allocator.get_kvcache()
        instance.__dict__[self.name] = handle
        return handle


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend reading KV through the ``kv_cache`` descriptor."""

    kv_cache = _KVHandle()

    def __init__(self, model_runner, window_size: Optional[int] = None):
        super().__init__()
        self.model_runner = model_runner
        self.window_size = window_size

    @property
    def windowed(self) -> bool:
        return isinstance(self.kv_cache, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.windowed:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
